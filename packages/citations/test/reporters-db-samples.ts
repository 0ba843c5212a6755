/**
 * Citations written from reporters-db's own data, for the catalogue tests: one per edition
 * and one per variant spelling, in the form the edition's first format gives
 * (`5 N.W.3d 123`, `2009-Ohio-1234`, `T.C. Memo. 2010-123`, `Miller's Notebook, 456`), and
 * reporters-db's own examples. Read from the JSON kept in data/reporters-db, not from the
 * engine's catalogue, so that an edition or spelling the catalogue lost still counts.
 *
 * A format is a regex template (`$volume_year-$reporter-$page`, or inline regex such as
 * `$volume_year $reporter (?P<page>\d{4}[nNpP]) \(6th Cir\.?\)`); sampleOf writes one string
 * it matches: each variable by a sample value, and each piece of regex by the first thing it
 * accepts (an optional part is written, an alternation's first branch, a class's first
 * character).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(__dirname, '..', 'data', 'reporters-db');

interface RawEdition {
  start: string | null;
  end: string | null;
  regexes?: string[];
}
interface RawReporter {
  name: string;
  cite_type: string;
  editions: Record<string, RawEdition>;
  variations: Record<string, string>;
  examples?: string[];
}

export const REPORTERS_DB = JSON.parse(readFileSync(path.join(dataDir, 'reporters.json'), 'utf8')) as Record<string, RawReporter[]>;
const REGEXES = JSON.parse(readFileSync(path.join(dataDir, 'regexes.json'), 'utf8')) as Record<string, unknown>;

/** regexes.json flattened as reporters-db does (`full_cite_format_neutral`), comments dropped. */
function flatten(d: Record<string, unknown>, parent = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(d)) {
    if (k.endsWith('#')) continue;
    const key = [parent, k].filter(Boolean).join('_');
    if (v && typeof v === 'object') flatten(v as Record<string, unknown>, key, out);
    else out[key] = String(v);
  }
  return out;
}
const VARIABLES = flatten(REGEXES);
VARIABLES.full_cite = '$volume $reporter,? $page';

export interface Edition {
  /** The edition's abbreviation (reporters-db's key, the engine's canonical spelling). */
  edition: string;
  reporter: RawReporter;
  start: number;
  end: number | null;
  formats: string[];
}

export const EDITIONS: Edition[] = [];
for (const records of Object.values(REPORTERS_DB)) {
  for (const reporter of records) {
    for (const [edition, e] of Object.entries(reporter.editions)) {
      EDITIONS.push({
        edition,
        reporter,
        start: e.start ? Number(e.start.slice(0, 4)) : 1750,
        end: e.end ? Number(e.end.slice(0, 4)) : null,
        formats: e.regexes && e.regexes.length ? e.regexes : ['$full_cite'],
      });
    }
  }
}

/** Every spelling → the editions it names in reporters-db (as edition or as variation). */
export const NAMED_BY = new Map<string, Edition[]>();
for (const e of EDITIONS) {
  const spellings = [e.edition, ...Object.entries(e.reporter.variations ?? {}).filter(([, to]) => to === e.edition).map(([v]) => v)];
  for (const s of spellings) NAMED_BY.set(s, [...(NAMED_BY.get(s) ?? []), e]);
}

export interface Sample {
  text: string;
  volume: string | null;
  page: string | null;
}

/** The sample value of a variable, or undefined to expand it from regexes.json. */
function sampleVariable(name: string, spelling: string, year: number): string | undefined {
  if (name === 'reporter') return spelling.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (name.endsWith('_optional')) return '';
  if (name === 'volume_year') return `(?P<volume>${year})`;
  if (name === 'volume_nominative') return '(?P<volume>12) ';
  if (name.startsWith('volume')) return '(?P<volume>123)';
  if (name === 'page_with_roman_numerals') return '(?P<page>xiv)';
  if (name === 'page_with_letter') return '(?P<page>456a)';
  if (name.startsWith('page')) return '(?P<page>456)';
  if (name === 'paragraph_marker') return '¶';
  return undefined;
}

function expand(template: string, spelling: string, year: number): string {
  let out = template;
  for (let round = 0; round < 20 && out.includes('$'); round++) {
    out = out.replace(/\$\{?([a-z_0-9]+)\}?/g, (m, name: string) => {
      const sample = sampleVariable(name, spelling, year);
      if (sample !== undefined) return sample.replace(/\$/g, '\\$');
      return VARIABLES[name] ?? m;
    });
  }
  return out;
}

/**
 * One string the regex `source` matches (see the file comment), with the text of its named
 * groups. Literal text inside `(?P<volume>...)` from a sample value stays as it is.
 */
function writeOne(source: string): { text: string; groups: Record<string, string> } {
  const groups: Record<string, string> = {};
  let i = 0;
  let digit = 0;
  const nextDigit = () => String(4 + (digit++ % 6));
  // An alternation: the first branch.
  function alternation(): string {
    const first = sequence();
    while (source[i] === '|') {
      i++;
      sequence();
    }
    return first;
  }
  function sequence(): string {
    let out = '';
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      const atom = atomAt();
      out += quantified(atom);
    }
    return out;
  }
  function quantified(atom: () => string): string {
    const c = source[i];
    if (c === '?' ) {
      i++;
      if (source[i] === '?') i++;
      return atom();
    }
    if (c === '*') {
      i++;
      return '';
    }
    if (c === '+') {
      i++;
      return atom();
    }
    if (c === '{') {
      const m = /^\{(\d*)(?:,(\d*))?\}/.exec(source.slice(i));
      if (m) {
        i += m[0].length;
        const n = Math.max(1, Number(m[1] || 0));
        let s = '';
        for (let k = 0; k < n; k++) s += atom();
        return s;
      }
    }
    return atom();
  }
  // Returns a writer for the atom at i (called once per repetition), having read past it.
  function atomAt(): () => string {
    const c = source[i];
    if (c === '(') {
      i++;
      let name: string | null = null;
      if (source.startsWith('?P<', i) || source.startsWith('?<', i)) {
        const m = /^\?P?<([a-z_]+)>/.exec(source.slice(i)) as RegExpExecArray;
        name = m[1];
        i += m[0].length;
      } else if (source.startsWith('?:', i)) i += 2;
      const inner = alternation();
      i++; // ')'
      if (name) groups[name] = inner;
      return () => inner;
    }
    if (c === '[') {
      const end = source.indexOf(']', i + 2);
      let first = source[i + 1];
      if (first === '\\') first = source[i + 2];
      i = end + 1;
      return () => first;
    }
    if (c === '\\') {
      const e = source[i + 1];
      i += 2;
      if (e === 'd') return nextDigit;
      if (e === 's') return () => ' ';
      if (e === 'w') return () => 'a';
      return () => e;
    }
    i++;
    if (c === '.') return () => '.';
    return () => c;
  }
  const text = alternation();
  return { text, groups };
}

/** A citation to `edition` written with `spelling`, in the edition's first format, for a case of `year`. */
export function sampleOf(edition: Edition, spelling: string, year: number): Sample {
  const format = edition.formats.includes('$full_cite') ? '$full_cite' : edition.formats[0];
  const { text, groups } = writeOne(expand(format, spelling, year));
  return { text, volume: groups.volume ?? null, page: groups.page ?? null };
}

/** A year inside the edition's years, where few other editions of the same spelling are. */
export function yearFor(edition: Edition, spelling: string): number {
  const last = edition.end ?? 2025;
  const others = (NAMED_BY.get(spelling) ?? []).filter((e) => e !== edition);
  const clash = (y: number) => others.filter((o) => o.start <= y && (o.end === null || y <= o.end)).length;
  let best = Math.max(edition.start, Math.min(last, edition.start + 1));
  for (let y = edition.start; y <= last; y++) if (clash(y) < clash(best)) best = y;
  return best;
}

/** The other editions `spelling` names in `year` (reporters-db itself cannot tell them apart then). */
export function sharedIn(edition: Edition, spelling: string, year: number): Edition[] {
  const key = spelling.replace(/\s+/g, '');
  const out: Edition[] = [];
  // Spaces are not significant in a spelling (`Dem.Surr.` is `Dem. Surr.`), for the engine as for eyecite.
  for (const [s, editions] of NAMED_BY) if (s.replace(/\s+/g, '') === key) for (const o of editions) if (o !== edition && !out.includes(o) && o.start <= year && (o.end === null || year <= o.end)) out.push(o);
  return out;
}

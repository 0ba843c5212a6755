/**
 * Generates the engine's reference data (`src/generated/*.ts`) from the field's own
 * datasets, kept in this package as Free Law Project publishes them: reporters-db
 * (`data/reporters-db/`: reporters, their editions, variant spellings, years and citation
 * formats; laws; journals; the abbreviations of words in case names) and courts-db (`data/courts-db/courts.json`: court ids, names,
 * citation strings). Both are BSD-2-Clause (the licence is beside each). Which commit of
 * each repository the files come from is in `data/sources.json`; `scripts/refresh-data.ts`
 * takes them from a newer one.
 *
 * Our own additions live in `data/overlay.json`, each entry with the reason it exists.
 *
 *   npm run data:reporters            # rewrite src/generated/*.ts
 *   npm run data:reporters -- --check # exit 1 when the committed files are stale
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { GeneratedEdition } from '../src/catalogue';
import { courtKey } from '../src/court-key';

const packageDir = path.resolve(__dirname, '..');
const outDir = path.join(packageDir, 'src', 'generated');

// --- the raw datasets, as the repositories publish them -----------------------------------

interface RawEdition {
  start: string | null;
  end: string | null;
  regexes?: string[];
}
interface RawReporter {
  cite_type: string;
  name: string;
  editions: Record<string, RawEdition>;
  variations?: Record<string, string>;
}
interface RawLaw {
  cite_type: string;
  name: string;
  regexes?: string[];
  variations?: string[];
}
interface RawJournal {
  name?: string;
  variations?: string[];
}
interface RawCourt {
  id: string;
  name: string;
  citation_string: string;
  dates?: { start: string | null; end: string | null }[];
}
type RawRegexes = Record<string, string | Record<string, string | Record<string, string>>>;

export interface Datasets {
  reporters: Record<string, RawReporter[]>;
  laws: Record<string, RawLaw[]>;
  journals: Record<string, RawJournal[]>;
  regexes: RawRegexes;
  /** Bluebook abbreviations of words in case names (`Const.` → Construction), reporters-db's. */
  caseNameAbbreviations: Record<string, string[]>;
  courts: RawCourt[];
}

export interface Sources {
  [repository: string]: { repository: string; commit: string; date: string; files: Record<string, string> };
}

/** The datasets as kept in this package (`data/`), or from a directory holding the five JSON files. */
export function readDatasets(dir?: string): Datasets {
  const file = (name: string, sub: string) => path.join(dir ?? path.join(packageDir, 'data', sub), name);
  const json = <T>(name: string, sub: string) => JSON.parse(readFileSync(file(name, sub), 'utf8')) as T;
  return {
    reporters: json('reporters.json', 'reporters-db'),
    laws: json('laws.json', 'reporters-db'),
    journals: json('journals.json', 'reporters-db'),
    regexes: json('regexes.json', 'reporters-db'),
    caseNameAbbreviations: json('case_name_abbreviations.json', 'reporters-db'),
    courts: json('courts.json', 'courts-db'),
  };
}

// --- what we write ------------------------------------------------------------------------

function year(date: string | null | undefined): number | null {
  return date ? Number(date.slice(0, 4)) : null;
}

function sortKeys<T>(obj: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function reporters(data: Datasets) {
  const editions: GeneratedEdition[] = [];
  // spelling → indexes of the editions it may name (more than one: `Ark.`, `Ohio`, `So.`…)
  const spellings = new Map<string, Set<number>>();
  const add = (spelling: string, index: number) => {
    const set = spellings.get(spelling) ?? new Set<number>();
    set.add(index);
    spellings.set(spelling, set);
  };
  for (const family of Object.keys(data.reporters).sort()) {
    for (const record of data.reporters[family]) {
      const indexes = new Map<string, number[]>();
      for (const [abbr, e] of Object.entries(record.editions)) {
        const formats = (e.regexes ?? []).filter((r) => r !== '$full_cite');
        const hasStandard = !e.regexes || e.regexes.includes('$full_cite');
        const edition: GeneratedEdition = {
          reporter: abbr,
          family,
          name: record.name,
          citeType: record.cite_type,
          start: year(e.start),
          end: year(e.end),
        };
        if (e.regexes) edition.formats = hasStandard ? ['$full_cite', ...formats] : formats;
        const index = editions.push(edition) - 1;
        indexes.set(abbr, [...(indexes.get(abbr) ?? []), index]);
        add(abbr, index);
      }
      for (const [variant, abbr] of Object.entries(record.variations ?? {})) {
        for (const index of indexes.get(abbr) ?? []) add(variant, index);
      }
    }
  }
  const strings: Record<string, number[]> = {};
  for (const [s, set] of spellings) strings[s] = [...set].sort((a, b) => a - b);
  return { editions, strings: sortKeys(strings) };
}

function courts(data: Datasets) {
  return data.courts
    .map((c) => {
      const dates = c.dates ?? [];
      const starts = dates.map((d) => year(d.start)).filter((y): y is number => y !== null);
      const ends = dates.map((d) => d.end);
      return {
        id: c.id,
        name: c.name,
        citationString: c.citation_string ?? '',
        start: starts.length ? Math.min(...starts) : null,
        // Still sitting when any of its date ranges is open.
        end: ends.length === 0 || ends.some((e) => e === null) ? null : Math.max(...ends.map((e) => year(e) as number)),
      };
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * [key, court id] for every court citation string, the first court of each key in id
 * order, as the parenthetical reader looks them up (src/court-key.ts). Stored so that the
 * first parenthetical of a run does not parse every court's record and compute 2,800 keys:
 * names and years are read only when asked for (the verifier).
 */
function courtCitations(records: { id: string; citationString: string }[]): [string, string][] {
  const seen = new Set<string>();
  const out: [string, string][] = [];
  for (const c of records) {
    const key = courtKey(c.citationString);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push([key, c.id]);
  }
  return out;
}

// --- laws: reporters-db's templates expanded into the patterns laws.ts runs ---------------

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Python's named groups in JavaScript's spelling (`(?P<x>` → `(?<x>`). */
const pythonGroups = (s: string) => s.replace(/\(\?P<([^>]+)>/g, '(?<$1>');

/**
 * The variables a law template may use. reporters-db's regexes.json defines most; a few are
 * narrowed or widened here (a section of any number of parts, a volume with one digit
 * suffix, a page with thousands separators), as the engine has always read laws. A
 * `$paragraph_marker` is left unresolved (regexes.json keeps it outside the groups read
 * here), so a template that needs it never matches: no law in reporters-db uses one.
 */
function lawVariables(regexes: RawRegexes): Record<string, string> {
  const group = (key: string) => (regexes[key] ?? {}) as Record<string, string>;
  const law = group('law');
  const page = group('page');
  const volume = group('volume');
  const fullCite = group('full_cite');
  const v: Record<string, string> = {};
  if (regexes.law) {
    v.law_section = pythonGroups(String.raw`(?P<section>\d+(?:[\-.:]\d+)*)`);
    v.law_subject = pythonGroups(law.subject ?? String.raw`(?P<subject>[A-Z][.\-'A-Za-z]*(?: [A-Z][.\-'A-Za-z]*| &){,4})`);
    v.law_subject_word = law.subject_word ?? String.raw`[A-Z][.\-'A-Za-z]*`;
    v.law_year = pythonGroups(law.year ?? String.raw`(?P<year>1\d{3}|20\d{2})`);
    v.law_month = pythonGroups(law.month ?? String.raw`(?P<month>[A-Z][a-z]+\.?)`);
    v.law_day = pythonGroups(law.day ?? String.raw`(?P<day>\d{1,2}),?`);
  }
  if (regexes.page) {
    v.page = pythonGroups(page[''] ?? String.raw`(?P<page>\d+)`);
    v.page_with_commas = String.raw`(?<page>\d{1,3}(?:,\d{3})*)`;
    v.page_3_4 = pythonGroups(page['3_4'] ?? String.raw`(?P<page>\d{3,4})`);
  }
  if (regexes.volume) {
    v.volume = pythonGroups(volume[''] ?? String.raw`(?P<volume>\d+)`);
    v.volume_with_digit_suffix = String.raw`(?<volume>\d+(?:-\d)?)`;
    v.volume_year = String.raw`(?<volume>1[789]\d{2}|20\d{2})`;
  }
  v.section_marker = (regexes.section_marker as string | undefined) ?? String.raw`((§§?)|([Ss]((ec)(tion)?)?s?\.?))`;
  if (regexes.full_cite) {
    v.full_cite = fullCite[''] ?? '$volume $reporter,? $page';
    v.full_cite_paragraph = fullCite.cch ?? '(?:$volume_with_digit_suffix )?$reporter $paragraph_marker_optional$page_with_commas';
  }
  return v;
}

/** `$name` → its value, again and again (values refer to other variables), at most ten rounds. */
function substitute(template: string, variables: Record<string, string>): string {
  let out = template;
  for (let round = 0; round < 10; round++) {
    const before = out;
    out = out.replace(/\$([a-zA-Z_]+)/g, (m, name: string) => variables[name] || m);
    if (out === before) break;
  }
  return pythonGroups(out);
}

// What may follow any law citation: `et seq.` and a year, with its publisher, in parentheses.
const AFTER_LAW = String.raw`(?:\s+et\s+seq\.)?(?:\s*\((?:(?<publisher>[A-Z][a-z]+\.?(?:\s+Supp\.)?)\s+)?(?<year>1\d{3}|20\d{2})(?:-\d{2})?\))?`;

/** A law template with `spelling` as its reporter, as the regex laws.ts compiles (after its own `$reporter`). */
export function expandLawTemplate(template: string, spelling: string, variables: Record<string, string>): string {
  const vars = { ...variables, reporter: `(?<reporter>${escapeRegex(spelling)})` };
  // `§` is any section marker (`§`, `§§`, `Sec.`, `Sections`); `[§|x]` one of them or x.
  const prepared = template.replace(/\[§\|([^\]]+)\]/g, '((§§?)|$1)').replace(/(?<!\[)§(?!\])/g, '$section_marker');
  const expanded = substitute(prepared, vars);
  // A group the template already has is not named twice.
  let after = AFTER_LAW;
  for (const name of ['year', 'month', 'day']) if (expanded.includes(`(?<${name}>`)) after = after.split(`(?<${name}>`).join('(?:');
  return expanded + after;
}

function lawsAndJournals(data: Datasets) {
  const variables = lawVariables(data.regexes);
  // Laws: the reporter (`U.S.C.`, `Cal. Penal Code`…), its type (leg_statute,
  // admin_compilation, admin_register…) and the spellings that announce it.
  const laws = new Map<string, { reporter: string; lawType: string; strings: Set<string>; forms: Map<string, string[]> }>();
  const addForm = (reporter: string, lawType: string, spelling: string, regex: string) => {
    const law = laws.get(reporter) ?? { reporter, lawType, strings: new Set<string>(), forms: new Map<string, string[]>() };
    law.strings.add(spelling);
    // The citation's shape, with the spelling abstracted out (`$reporter`), once per shape.
    const shape = regex.split(`(?<reporter>${escapeRegex(spelling)})`).join('(?<reporter>$reporter)');
    law.forms.set(shape, [...(law.forms.get(shape) ?? []), spelling]);
    laws.set(reporter, law);
  };
  for (const [reporter, records] of Object.entries(data.laws)) {
    for (const record of records) {
      // A series without a template of its own cannot be told from prose: left out.
      if (!record.regexes || record.regexes.length === 0) continue;
      for (const spelling of [reporter, ...(record.variations ?? [])]) {
        for (const template of record.regexes) {
          const regex = expandLawTemplate(template, spelling, variables);
          if (spelling === reporter && !compiles(regex)) continue;
          addForm(reporter, record.cite_type, spelling, regex);
        }
      }
    }
  }
  const journals = new Map<string, string>();
  const journalSpellings = new Map<string, string>();
  for (const [journal, records] of Object.entries(data.journals)) {
    for (const record of records) {
      journals.set(journal, record.name || journal);
      // Other spellings of the journal (`Texas L.Rev.` for `Tex. L. Rev.`).
      for (const spelling of record.variations ?? []) if (spelling !== journal) journalSpellings.set(spelling, journal);
    }
  }
  return {
    laws: [...laws.values()]
      .map((l) => ({
        reporter: l.reporter,
        lawType: l.lawType,
        strings: [...l.strings].sort(),
        formats: [...l.forms.keys()].sort(),
      }))
      .sort((a, b) => (a.reporter < b.reporter ? -1 : a.reporter > b.reporter ? 1 : 0)),
    journals: sortKeys(Object.fromEntries(journals)),
    journalSpellings: sortKeys(Object.fromEntries(journalSpellings)),
  };
}

function compiles(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/**
 * A JSON record with every character beyond Latin-1 written as a `\\uXXXX` escape, which
 * JSON.parse reads back as the character. One such character (a curly apostrophe in a
 * spelling) would make V8 hold the whole bundled engine, and every string parsed from the
 * data, in two bytes per character instead of one: slower to load and to scan at start-up.
 */
function latin1Only(record: string): string {
  return record.replace(/[^\u0000-\u00ff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `text` as a single-quoted JavaScript string literal written one line per line of `text`
 * (each line ends with `\n` and a line continuation), so that a data update shows in a diff
 * as the records that changed.
 */
function stringLiteral(text: string): string {
  const lines = text.split('\n').map((line) => line.replace(/\\/g, '\\\\').replace(/'/g, "\\'"));
  return `'\\\n${lines.join('\\n\\\n')}'`;
}

/**
 * Blocks only the verifier reads (courts' names and years), held in a function: V8 compiles a
 * function's body, and makes the strings in it, only when it is first called, so an engine
 * that only finds citations (the CLI, a cold worker) does not pay for them at start-up.
 */
const ON_DEMAND = new Set(['courts']);

/**
 * A TypeScript module holding the data as JSON text, one record per line, parsed on first
 * use: V8 loads a string far faster than the same data as an object literal (start-up is
 * part of the CLI's and a cold worker's latency), and a data update shows in a diff as the
 * records that changed. A plain string literal, not a template: V8 compiles a template
 * literal of this size (it keeps its text twice, as written and as read) a quarter slower.
 */
function toModule(name: string, content: Record<string, unknown>): string {
  const out: string[] = [
    `// Generated by \`npm run data:reporters\` (scripts/generate-data.ts). Do not edit: see data/NOTICE.md.`,
    '',
  ];
  for (const [key, value] of Object.entries(content)) {
    if (Array.isArray(value) || (value && typeof value === 'object' && key !== 'provenance')) {
      const records = (Array.isArray(value) ? value.map((v) => JSON.stringify(v)) : Object.entries(value as Record<string, unknown>).map(([k, v]) => JSON.stringify([k, v]))).map(latin1Only);
      for (const r of records) if (r.includes('\n')) throw new Error(`${name}: a record holds a line break: ${r}`);
      const what = Array.isArray(value) ? 'record' : '[key, value] pair';
      if (ON_DEMAND.has(key)) {
        out.push(`/** ${key}: one JSON ${what} per line (a function: only the verifier reads them, see scripts/generate-data.ts). */`);
        out.push(`export const ${key} = (): string => ${stringLiteral(records.join('\n'))};`, '');
      } else {
        out.push(`/** ${key}: one JSON ${what} per line. */`);
        out.push(`export const ${key} = ${stringLiteral(records.join('\n'))};`, '');
      }
    } else {
      out.push(`export const ${key} = ${JSON.stringify(value)};`, '');
    }
  }
  return out.join('\n');
}

/** The generated modules' text by file name, from `data` (provenance from `sources`). */
export function generate(data: Datasets, sources: Sources): Record<string, string> {
  const provenance = {
    datasets: 'Free Law Project reporters-db and courts-db (BSD-2-Clause), see data/NOTICE.md',
    via: Object.values(sources)
      .map((s) => `${s.repository}@${s.commit}`)
      .join(', '),
  };
  const courtList = courts(data);
  const files: Record<string, Record<string, unknown>> = {
    'reporters.ts': { provenance, ...reporters(data) },
    'courts.ts': { provenance, courts: courtList, courtCitations: courtCitations(courtList) },
    'laws.ts': { provenance, ...lawsAndJournals(data) },
    'names.ts': { provenance, caseNameAbbreviations: Object.keys(data.caseNameAbbreviations).sort() },
  };
  const out: Record<string, string> = {};
  for (const [name, content] of Object.entries(files)) out[name] = toModule(name, content);
  return out;
}

export function readSources(): Sources {
  return JSON.parse(readFileSync(path.join(packageDir, 'data', 'sources.json'), 'utf8')) as Sources;
}

function main(): void {
  const check = process.argv.includes('--check');
  const files = generate(readDatasets(), readSources());
  mkdirSync(outDir, { recursive: true });
  let stale = 0;
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(outDir, name);
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // not generated yet
    }
    if (current === text) continue;
    stale++;
    if (check) console.error(`${path.relative(process.cwd(), file)} is out of date: run npm run data:reporters`);
    else {
      writeFileSync(file, text);
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    }
  }
  if (check && stale) process.exit(1);
  if (!stale) console.log('reference data is up to date');
}

if (require.main === module) main();

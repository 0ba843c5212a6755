/**
 * Generates the engine's reference data (`src/generated/*.ts`) from the field's own
 * datasets: Free Law Project's reporters-db (reporters, their editions, variant spellings,
 * years and citation formats; laws; journals) and courts-db (court ids, names, citation
 * strings). Both are BSD-2-Clause data (see data/NOTICE.md). We read them as published in
 * the npm package pinned in package.json (`@beshkenadze/eyecite`, which bundles them), so a
 * fresh clone regenerates byte-identical files with nothing but `npm install`.
 *
 * Our own additions live in `data/overlay.json`, each entry with the reason it exists.
 *
 *   npm run data:reporters            # rewrite src/generated/*.ts
 *   npm run data:reporters -- --check # exit 1 when the committed files are stale
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { GeneratedEdition } from '../src/catalogue';
import { courtKey } from '../src/court-key';

const require = createRequire(__filename);
const packageDir = path.resolve(__dirname, '..');
const outDir = path.join(packageDir, 'src', 'generated');
const SOURCE_PACKAGE = '@beshkenadze/eyecite';

// --- the raw datasets, as the source package exposes them ---------------------------------

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
  mlz_jurisdiction?: string[];
}
interface RawCourt {
  id: string;
  name: string;
  citation_string: string;
  dates?: { start: string | null; end: string | null }[];
}
interface RawExtractor {
  regex: string;
  strings: string[];
  extra: Record<string, unknown>;
  tokenConstructor?: { name: string };
}

interface SourceModule {
  REPORTERS: Record<string, RawReporter[]>;
  COURTS: RawCourt[];
  DefaultTokenizer: new () => { extractors: RawExtractor[] };
}

// --- what we write ------------------------------------------------------------------------

function year(date: string | null | undefined): number | null {
  return date ? Number(date.slice(0, 4)) : null;
}

function sortKeys<T>(obj: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function load(): { source: SourceModule; version: string } {
  const entry = require.resolve(SOURCE_PACKAGE);
  const pkgJson = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  // The package is ESM with a CommonJS build beside it; the CommonJS one loads synchronously.
  const source = require(path.join(path.dirname(entry), 'index.cjs')) as SourceModule;
  return { source, version: pkgJson.version };
}

function reporters(source: SourceModule) {
  const editions: GeneratedEdition[] = [];
  // spelling → indexes of the editions it may name (more than one: `Ark.`, `Ohio`, `So.`…)
  const spellings = new Map<string, Set<number>>();
  const add = (spelling: string, index: number) => {
    const set = spellings.get(spelling) ?? new Set<number>();
    set.add(index);
    spellings.set(spelling, set);
  };
  for (const family of Object.keys(source.REPORTERS).sort()) {
    for (const record of source.REPORTERS[family]) {
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

function courts(source: SourceModule) {
  return source.COURTS.map((c) => {
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
  }).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
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

function lawsAndJournals(source: SourceModule) {
  const extractors = new source.DefaultTokenizer().extractors;
  // Laws: the reporter (`U.S.C.`, `Cal. Penal Code`…), its type (leg_statute,
  // admin_compilation, admin_register…) and the spellings that announce it.
  const laws = new Map<string, { reporter: string; lawType: string; strings: Set<string>; forms: Map<string, string[]> }>();
  const journals = new Map<string, string>();
  const journalSpellings = new Map<string, string>();
  for (const x of extractors) {
    const kind = x.tokenConstructor?.name;
    if (kind === 'LawCitationToken') {
      const reporter = String(x.extra.reporter);
      const law = laws.get(reporter) ?? { reporter, lawType: String(x.extra.lawType), strings: new Set<string>(), forms: new Map<string, string[]>() };
      for (const s of x.strings) law.strings.add(s);
      // The citation's shape, with the spelling abstracted out (`$reporter`), once per shape.
      const escaped = x.strings.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const shape = escaped.reduce((re, e) => re.split(`(?<reporter>${e})`).join('(?<reporter>$reporter)'), x.regex);
      law.forms.set(shape, [...(law.forms.get(shape) ?? []), ...x.strings]);
      laws.set(reporter, law);
    } else if (kind === 'JournalCitationToken') {
      journals.set(String(x.extra.journal), String(x.extra.journalName));
      // Other spellings of the journal (`Texas L.Rev.` for `Tex. L. Rev.`).
      for (const spelling of x.strings) if (spelling !== x.extra.journal) journalSpellings.set(spelling, String(x.extra.journal));
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
 * A TypeScript module holding the data as JSON text, one record per line, parsed on first
 * use: V8 loads a string far faster than the same data as an object literal (start-up is
 * part of the CLI's and a cold worker's latency), and a data update shows in a diff as the
 * records that changed.
 */
function toModule(name: string, content: Record<string, unknown>): string {
  const out: string[] = [
    `// Generated by \`npm run data:reporters\` (scripts/generate-data.ts). Do not edit: see data/NOTICE.md.`,
    '',
  ];
  for (const [key, value] of Object.entries(content)) {
    if (Array.isArray(value) || (value && typeof value === 'object' && key !== 'provenance')) {
      const records = (Array.isArray(value) ? value.map((v) => JSON.stringify(v)) : Object.entries(value as Record<string, unknown>).map(([k, v]) => JSON.stringify([k, v]))).map(latin1Only);
      for (const r of records) if (r.includes('`') || r.includes('${')) throw new Error(`${name}: a record holds a backtick or \${: ${r}`);
      out.push(`/** ${key}: one JSON ${Array.isArray(value) ? 'record' : '[key, value] pair'} per line. */`);
      out.push(`export const ${key} = String.raw\`\n${records.join('\n')}\n\`;`, '');
    } else {
      out.push(`export const ${key} = ${JSON.stringify(value)};`, '');
    }
  }
  return out.join('\n');
}

function main(): void {
  const check = process.argv.includes('--check');
  const { source, version } = load();
  const provenance = {
    datasets: 'Free Law Project reporters-db and courts-db (BSD-2-Clause), see data/NOTICE.md',
    via: `${SOURCE_PACKAGE}@${version} (npm)`,
  };
  const courtList = courts(source);
  const files: Record<string, Record<string, unknown>> = {
    'reporters.ts': { provenance, ...reporters(source) },
    'courts.ts': { provenance, courts: courtList, courtCitations: courtCitations(courtList) },
    'laws.ts': { provenance, ...lawsAndJournals(source) },
  };
  mkdirSync(outDir, { recursive: true });
  let stale = 0;
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(outDir, name);
    const text = toModule(name, content);
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

main();

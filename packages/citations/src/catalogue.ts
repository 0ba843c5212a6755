/**
 * The reporter catalogue: reporters-db's editions and spellings (`src/generated/`, made by
 * `npm run data:reporters`) with CiteCheck's overlay (`data/overlay.json`: court groups and
 * last volumes the verifier needs), turned into the lookups the other stages use.
 *
 * The data stays JSON, apart from code, as eyecite keeps reporters-db: adding a reporter is
 * a data change, and the verifier reads the same years and volume limits we parse with.
 */
import overlay from '../data/overlay.json';
import { parseRecords } from './generated-data';
import { editions as editionRecords, strings as spellingRecords } from './generated/reporters';

export type ReporterKind = 'federal' | 'state' | 'regional' | 'neutral' | 'specialty' | 'wl-lexis';

export interface Edition {
  /** Canonical abbreviation (`F.3d`). */
  canonical: string;
  /** Other spellings of this edition in reporters-db (`F. 3d`, `F.3rd`). */
  variations: string[];
  /** First and last publication year; `end` null = still published (or not recorded). */
  start: number;
  end: number | null;
  /** Highest volume known to exist (overlay), or null when unknown / not volume-numbered (WL). */
  maxVolume: number | null;
  /** Courts for this edition when they differ from the family's. */
  courts?: string[];
}

/** What `findReporter` returns: one edition, with its family's facts alongside. */
export interface ReporterEntry {
  canonical: string;
  name: string;
  kind: ReporterKind;
  /** reporters-db's cite_type (`federal`, `state_regional`, `neutral`, `specialty_lexis`…). */
  citeType: string;
  /** CourtListener court ids, or `group:` names (`group:federal-district`); empty when unknown. */
  courts: string[];
  start: number;
  end: number | null;
  maxVolume: number | null;
  variations: string[];
  /** Every edition of the family (`F.`, `F.2d`, `F.3d`, `F.4th`), oldest first. */
  editions: Edition[];
  /** reporters-db citation formats when not only the standard `volume reporter page`. */
  formats: string[] | null;
  /**
   * Whether `start`/`end` are checked bounds of the decisions the edition reports (overlay),
   * rather than reporters-db's years, which tell editions apart but are not bounds.
   */
  yearsChecked: boolean;
}

/** A family of editions, as reporters-db groups them (`F.` → F., F.2d, F.3d, F.4th). */
export interface ReporterFamily {
  name: string;
  kind: ReporterKind;
  editions: Edition[];
}

/** One edition as `npm run data:reporters` writes it (src/generated/reporters.ts). */
export interface GeneratedEdition {
  /** Canonical abbreviation (`F.3d`). Not unique: `Ark.` names a state series and a neutral one. */
  reporter: string;
  /** The reporters-db key of the family (`F.` for F., F.2d, F.3d, F.4th). */
  family: string;
  name: string;
  /** reporters-db cite_type: federal, state, state_regional, neutral, specialty, specialty_west, specialty_lexis, scotus_early. */
  citeType: string;
  start: number | null;
  end: number | null;
  /** reporters-db regex templates for this edition; absent = the standard `$volume $reporter,? $page`. */
  formats?: string[];
}

interface OverlayEdition {
  courts?: string[];
  lastVolume?: number;
  firstYear?: number;
  lastYear?: number | null;
}

const KIND_OF: Record<string, ReporterKind> = {
  federal: 'federal',
  scotus_early: 'federal',
  state: 'state',
  state_regional: 'regional',
  neutral: 'neutral',
  specialty: 'specialty',
  specialty_west: 'wl-lexis',
  specialty_lexis: 'wl-lexis',
};

// This part runs at every start-up (the CLI, a cold worker), in V8's interpreter: the loops
// below index arrays instead of destructuring entries or calling a closure per item, which
// the interpreter runs several times slower (the iterator protocol for each `[a, b]`).
const rawEditions = parseRecords<GeneratedEdition>(editionRecords);
const spellingRecordList = parseRecords<[string, number[]]>(spellingRecords);
/** reporters-db spellings that would misread citations (each with its reason in the overlay). */
const ignoredSpellings = new Set(Object.keys((overlay as { ignoredSpellings?: Record<string, string> }).ignoredSpellings ?? {}));
// A Map, not an object: an object of 3,500 spelling keys is built in dictionary mode, about
// 14 ms at every start-up, against under 1 ms for the Map.
const spellingsOf = new Map<string, number[]>();
// Variations per edition index (reporters-db lists them per family record).
const variationsOf: string[][] = new Array(rawEditions.length);
for (let i = 0; i < rawEditions.length; i++) variationsOf[i] = [];
for (let r = 0; r < spellingRecordList.length; r++) {
  const spelling = spellingRecordList[r][0];
  if (ignoredSpellings.has(spelling)) continue;
  const indexes = spellingRecordList[r][1];
  spellingsOf.set(spelling, indexes);
  for (let k = 0; k < indexes.length; k++) if (spelling !== rawEditions[indexes[k]].reporter) variationsOf[indexes[k]].push(spelling);
}
// By edition, in a Map: an object of 133 keys is looked up by a string read from JSON, which
// the interpreter first looks up in V8's table of strings, for every edition at start-up.
const overlayEditions = new Map(Object.entries((overlay as { editions: Record<string, OverlayEdition> }).editions));

/** Every edition in catalogue order, as `ReporterEntry`s (index = generated edition index). */
export const EDITIONS: ReporterEntry[] = [];
const familyEditions = new Map<string, Edition[]>();
for (let i = 0; i < rawEditions.length; i++) {
  const raw = rawEditions[i];
  const extra = overlayEditions.get(raw.reporter) ?? {};
  const yearsChecked = extra.firstYear !== undefined;
  const edition: Edition = {
    canonical: raw.reporter,
    variations: variationsOf[i],
    start: extra.firstYear ?? raw.start ?? 1750,
    end: yearsChecked ? (extra.lastYear ?? null) : raw.end,
    maxVolume: extra.lastVolume ?? null,
  };
  if (extra.courts) edition.courts = extra.courts;
  const familyKey = `${raw.family}\u0000${raw.name}`;
  let siblings = familyEditions.get(familyKey);
  if (!siblings) familyEditions.set(familyKey, (siblings = []));
  siblings.push(edition);
  EDITIONS.push({
    canonical: raw.reporter,
    name: raw.name,
    kind: KIND_OF[raw.citeType] ?? 'specialty',
    citeType: raw.citeType,
    courts: extra.courts ?? [],
    start: edition.start,
    end: edition.end,
    maxVolume: edition.maxVolume,
    variations: edition.variations,
    editions: siblings,
    formats: raw.formats ?? null,
    yearsChecked,
  });
}
for (const list of familyEditions.values()) if (list.length > 1) list.sort((a, b) => a.start - b.start);

/** The catalogue grouped by family (read-only by convention). */
export const reporters: ReporterFamily[] = [];
const seenFamilies = new Set<Edition[]>();
for (let i = 0; i < EDITIONS.length; i++) {
  const e = EDITIONS[i];
  if (seenFamilies.has(e.editions)) continue;
  seenFamilies.add(e.editions);
  reporters.push({ name: e.name, kind: e.kind, editions: e.editions });
}

/** Every spelling reporters-db knows → the editions it may name (`Ark.`: the state series and the neutral one). */
export const SPELLINGS: ReadonlyMap<string, readonly number[]> = spellingsOf;

/**
 * Lookup key for an abbreviation: spacing and case are not significant (`F. 3d` = `F.3d`,
 * `U. S.` = `U.S.`), and curly apostrophes are the straight one (`F. App’x`).
 */
export function abbreviationKey(abbrev: string): string {
  return abbrev.replace(/[\s\u00a0]+/g, '').replace(/[\u2019\u2018`]/g, "'").toLowerCase();
}

// Key → editions, built on first use (the tokenizer has its own trie; this serves lookups
// of reporters written elsewhere, such as the verifier's case-law data).
let byKey: Map<string, number[]> | null = null;
function keyIndex(): Map<string, number[]> {
  if (byKey) return byKey;
  byKey = new Map();
  for (const [spelling, indexes] of SPELLINGS) {
    const key = abbreviationKey(spelling);
    const list = byKey.get(key) ?? [];
    for (const i of indexes) if (!list.includes(i)) list.push(i);
    byKey.set(key, list);
  }
  for (const list of byKey.values()) list.sort((a, b) => a - b);
  return byKey;
}

/** No edition: one empty list shared by whatever names none (a journal's spelling, a token without editions). */
export const NO_EDITIONS: readonly number[] = [];

/** Editions a written abbreviation may name (spacing and case ignored), or an empty list. */
export function editionsFor(abbrev: string): readonly number[] {
  return keyIndex().get(abbreviationKey(abbrev)) ?? [];
}

const holdsYear = (e: ReporterEntry, year: number) => e.start <= year && (e.end === null || year <= e.end);

/**
 * Of several editions a spelling may name, the ones it can mean, as eyecite narrows them:
 * the editions whose canonical spelling it is, if any, else every edition it is a variant
 * of; then those whose years hold `year`. One difference: when no edition the spelling is
 * the abbreviation of holds the year but editions it is a variant of do, those are meant
 * (`123 Lans. 456 (1825)` is Lansing's Chancery Reports of 1824-26, not Lansing's Reports of
 * 1869-73, whose abbreviation `Lans.` is). `entry` is the first of them; `ambiguous` when
 * they still differ in abbreviation (`1 Johnson 1`: three New York series of that reporter):
 * then the citation cannot be looked up. Editions that share the abbreviation are looked up
 * by it alike (`4 Wall. 2`: Wallace's Supreme Court reports, or his circuit court reports of
 * the same years, both `Wall.`), and the first is taken.
 */
export function narrowEditions(candidates: readonly number[], written: string, year: number | null = null): { entry: ReporterEntry | null; ambiguous: boolean } {
  if (candidates.length === 0) return { entry: null, ambiguous: false };
  if (candidates.length === 1) return { entry: EDITIONS[candidates[0]], ambiguous: false };
  let pool = candidates.map((i) => EDITIONS[i]);
  const key = abbreviationKey(written);
  const exact = pool.filter((e) => abbreviationKey(e.canonical) === key);
  if (year !== null) {
    const exactInYear = exact.filter((e) => holdsYear(e, year));
    const variantsInYear = exactInYear.length ? [] : pool.filter((e) => !exact.includes(e) && holdsYear(e, year));
    if (exactInYear.length) pool = exactInYear;
    else if (variantsInYear.length) pool = variantsInYear;
    else if (exact.length) pool = exact;
  } else if (exact.length) pool = exact;
  let ambiguous = false;
  for (let k = 1; k < pool.length; k++) if (pool[k].canonical !== pool[0].canonical) ambiguous = true;
  return { entry: pool[0], ambiguous };
}

/** The edition a spelling most likely means (see narrowEditions), or null. */
export function guessEdition(candidates: readonly number[], written: string, year: number | null = null): ReporterEntry | null {
  return narrowEditions(candidates, written, year).entry;
}

/**
 * The catalogue entry for an abbreviation as written, or null.
 * @example findReporter('F. 3d')?.canonical // 'F.3d'; .start 1993
 */
export function findReporter(abbrev: string): ReporterEntry | null {
  // The verifier asks for the same few spellings thousands of times: remember the answers
  // by spelling as written (bounded, so odd inputs cannot grow it forever).
  let entry = lookups.get(abbrev);
  if (entry === undefined) {
    entry = guessEdition(editionsFor(abbrev), abbrev);
    if (lookups.size >= MAX_LOOKUPS) lookups.clear();
    lookups.set(abbrev, entry);
  }
  return entry;
}
const lookups = new Map<string, ReporterEntry | null>();
const MAX_LOOKUPS = 4096;

/** Reporters whose cases all come from the Supreme Court: eyecite sets `scotus` for them. */
const SCOTUS_CITE_TYPES = new Set(['scotus_early']);
const SCOTUS_REPORTERS = new Set(['U.S.', 'S. Ct.', 'L. Ed.', 'L. Ed. 2d', 'U.S. LEXIS']);

/**
 * The court a reporter alone implies: the Supreme Court's reporters → `scotus`; a court
 * the overlay names as the edition's only one; else null (several courts publish in it).
 */
export function impliedCourt(entry: ReporterEntry): string | null {
  if (SCOTUS_REPORTERS.has(entry.canonical) || SCOTUS_CITE_TYPES.has(entry.citeType)) return 'scotus';
  return entry.courts.length === 1 && !entry.courts[0].startsWith('group:') ? entry.courts[0] : null;
}

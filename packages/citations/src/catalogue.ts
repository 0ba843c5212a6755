/**
 * The reporter catalogue: `data/reporters.json` (validated against `reporters.schema.json`
 * by `catalogue.test.ts`) turned into the lookups the other stages need.
 *
 * The data stays JSON, apart from code, as eyecite keeps reporters-db: adding a reporter is
 * a data change, and the verifier reads the same years and volume limits we parse with.
 */
import data from '../data/reporters.json';

export type ReporterKind = 'federal' | 'state' | 'regional' | 'neutral' | 'specialty' | 'wl-lexis';

export interface Edition {
  /** Canonical abbreviation (`F.3d`). */
  canonical: string;
  /** Other spellings seen in briefs (`F. 3d`, `F.3rd`); spacing variants need not be listed. */
  variations: string[];
  /** First and last publication year; `end` null = still published. */
  start: number;
  end: number | null;
  /** Highest volume known to exist, or null when unknown / not volume-numbered (WL). */
  maxVolume: number | null;
  /** Courts for this edition when they differ from the family's. */
  courts?: string[];
}

export interface ReporterFamily {
  name: string;
  kind: ReporterKind;
  /** CourtListener court ids, or `group:` names (`group:federal-district`). */
  courts: string[];
  editions: Edition[];
}

/** What `findReporter` returns: one edition, with its family's facts alongside. */
export interface ReporterEntry {
  canonical: string;
  name: string;
  kind: ReporterKind;
  courts: string[];
  start: number;
  end: number | null;
  maxVolume: number | null;
  variations: string[];
  /** Every edition of the family (`F.`, `F.2d`, `F.3d`, `F.4th`), oldest first. */
  editions: Edition[];
}

/** The catalogue as shipped (read-only by convention). */
export const reporters: ReporterFamily[] = (data as { reporters: ReporterFamily[] }).reporters;

/**
 * Lookup key for an abbreviation: spacing and case are not significant (`F. 3d` = `F.3d`,
 * `U. S.` = `U.S.`), and curly apostrophes are the straight one (`F. App’x`).
 */
export function abbreviationKey(abbrev: string): string {
  return abbrev.replace(/[\s\u00a0]+/g, '').replace(/[\u2019\u2018`]/g, "'").toLowerCase();
}

const byKey = new Map<string, ReporterEntry>();
for (const family of reporters) {
  for (const edition of family.editions) {
    const entry: ReporterEntry = {
      canonical: edition.canonical,
      name: family.name,
      kind: family.kind,
      courts: edition.courts ?? family.courts,
      start: edition.start,
      end: edition.end,
      maxVolume: edition.maxVolume,
      variations: edition.variations,
      editions: family.editions,
    };
    for (const spelling of [edition.canonical, ...edition.variations]) {
      const key = abbreviationKey(spelling);
      // First entry wins: the canonical spelling of an edition must never be shadowed.
      if (!byKey.has(key)) byKey.set(key, entry);
    }
  }
}

/**
 * The catalogue entry for an abbreviation as written, or null.
 * @example findReporter('F. 3d')?.canonical // 'F.3d'; .start 1993, .end 2021
 */
export function findReporter(abbrev: string): ReporterEntry | null {
  // The tokenizer asks for the same few spellings thousands of times per brief: remember
  // the answers by spelling as written (bounded, so odd inputs cannot grow it forever).
  let entry = lookups.get(abbrev);
  if (entry === undefined) {
    entry = byKey.get(abbreviationKey(abbrev)) ?? null;
    if (lookups.size >= MAX_LOOKUPS) lookups.clear();
    lookups.set(abbrev, entry);
  }
  return entry;
}
const lookups = new Map<string, ReporterEntry | null>();
const MAX_LOOKUPS = 4096;

/**
 * The court a reporter alone implies (`U.S.` → scotus, `Cal. 4th` → cal), or null when
 * several courts publish in it.
 */
export function impliedCourt(entry: ReporterEntry): string | null {
  return entry.courts.length === 1 && !entry.courts[0].startsWith('group:') ? entry.courts[0] : null;
}

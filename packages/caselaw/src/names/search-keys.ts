/**
 * The words a case is found by, as numbers: the name search over every case of a snapshot
 * (10 million names) looks cases up by the distinctive words of their parties, so those words
 * must come out the same from a brief's spelling and from the database's. Each word is keyed as
 * the comparison in compare.ts sees it (Bluebook abbreviations expanded, accents and
 * possessives dropped), then folded for OCR: letters a scanner confuses (`q`/`g`, `l`/`1`/`i`,
 * `rn`/`m` ...) become one, so `Igbal` and `Iqbal` share a key. Common words (corporate forms,
 * `United States`, `State`, `County`, `Airlines`) are no key at all: a case is never found by
 * them alone. A key is a 32-bit hash; a collision only adds a candidate, which the name
 * comparison then turns away.
 */
import { wordKey } from './abbreviations';
import { GENERIC, NOISE, STATES, TWO_WORD_STATES } from './compare';
import { ocrFold } from './ocr';

export { ocrFold };

/** Words of captions that name a proceeding, not a party (`Estate of`, `Application of`). */
const PROCEDURE = new Set(
  `matter estate application petition marriage interest guardianship adoption succession appeal complaint proceeding proceedings
  behalf relator intervenor intervenors cross claimant claimants movant movants minor minors child children unknown heirs`.split(/\s+/),
);
/** Sovereigns and their titles: `People of the State of New York`, `United States`, `Commonwealth`. */
const SOVEREIGN = new Set(['people', 'state', 'states', 'commonwealth', 'territory', 'government', 'united', 'us', 'usa', 'america', ...STATES]);
const SOVEREIGN_PHRASES = new RegExp(`\\b(?:united states of america|united states|${[...TWO_WORD_STATES].join('|')})\\b`, 'g');

/** At most this many keys a case: enough for both parties' distinctive words. */
export const MAX_KEYS = 6;

/** 32-bit FNV-1a of a string, as a non-negative integer. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The distinctive words of a case name, each as it is keyed (before hashing): for tests and for
 * saying which words were searched.
 * @example searchWords('Bell Atlantic Corp. v. Twombly') // ['bell', 'twombly']
 */
export function searchWords(name: string): string[] {
  let t = name.toLowerCase();
  if (/[^\x00-\x7f]/.test(t)) t = t.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[\u2018\u2019`]/g, "'");
  t = t.replace(/&/g, ' ').replace(SOVEREIGN_PHRASES, ' ');
  const out: string[] = [];
  for (const raw of t.split(/[^a-z0-9'.]+/)) {
    if (!raw) continue;
    const w = raw.replace(/'s$|'$/, '').replace(/\./g, '');
    if (w.length < 3 || NOISE.has(w)) continue;
    const key = wordKey(w);
    if (key.length < 3 || NOISE.has(key) || GENERIC.has(key) || SOVEREIGN.has(key) || PROCEDURE.has(key)) continue;
    let folded = ocrFold(key.replace(/'/g, ''));
    if (folded.length > 3 && folded.endsWith('s')) folded = folded.slice(0, -1);
    if (!out.includes(folded)) out.push(folded);
    if (out.length >= MAX_KEYS) break;
  }
  return out;
}

/**
 * The distinctive words of a name as written (`Driehaus`, `Varghese`), for a search service
 * that matches words itself (CourtListener's search API): the same words searchWords keys,
 * unfolded.
 */
export function searchTerms(name: string): string[] {
  const out: string[] = [];
  for (const raw of name.replace(/&/g, ' ').split(/[^A-Za-z0-9\u00c0-\u024f'.]+/)) {
    const w = raw.replace(/'s$|'$/, '').replace(/\./g, '');
    if (w.length < 3) continue;
    if (searchWords(w).length === 0) continue;
    if (!out.some((x) => x.toLowerCase() === w.toLowerCase())) out.push(w);
    if (out.length >= MAX_KEYS) break;
  }
  return out;
}

/**
 * The keys a case is found by: one per distinctive word of its name (and of its short name,
 * when that adds one), at most MAX_KEYS.
 * @example nameKeys('Ashcroft v. Iqbal').length // 2
 */
export function nameKeys(name: string, shortName?: string | null): number[] {
  const words = searchWords(name);
  if (shortName && words.length < MAX_KEYS) for (const w of searchWords(shortName)) if (!words.includes(w) && words.length < MAX_KEYS) words.push(w);
  return words.map(hash);
}

/** The key of one word already folded (searchWords' output). */
export function wordHash(folded: string): number {
  return hash(folded);
}

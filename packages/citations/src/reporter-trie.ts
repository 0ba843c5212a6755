/**
 * Every reporter and journal spelling in one trie, built once at import: from a position
 * in the text, `walkSpellings` walks it character by character and lists each spelling
 * that ends there. This replaces a regex per reporter (or one alternation
 * of ~3,500 spellings) with a walk whose cost is the length of the spelling found.
 *
 * Spaces are not stored: a space in the text is skipped wherever it falls (at most two in a
 * row), so `F. Supp. 2d`, `F.Supp.2d` and `F. Supp.2d` all reach the same node, as OCR and
 * typists write them. Case matters, as in eyecite (`So.` is a reporter, `so.` is a word).
 */
import { EDITIONS, NO_EDITIONS, SPELLINGS } from './catalogue';
import { straightApostrophe } from './chars';
import { childOf, FirstCharBranches, type TrieNode } from './first-char-branches';
import { formatStart, startsWithReporter } from './formats';
import { parseRecords } from './generated-data';
import { PrefixFilter } from './prefix-filter';
import { journalSpellings, journals } from './generated/laws';

interface Node extends TrieNode<Node> {
  editions: readonly number[] | null;
  journal: string | null;
}

const SPACE = 32;
const MAX_SPELLING = 64;

// The stand-in for no child in a node's lastChild (childOf): a node of the same shape, in no branch.
const NO_CHILD = { next: null, lastCode: -1, lastChild: null, editions: null, journal: null } as unknown as Node;
NO_CHILD.lastChild = NO_CHILD;
const newNode = (): Node => ({ next: null, lastCode: -1, lastChild: NO_CHILD, editions: null, journal: null });
const root = newNode();
// Spellings of the few editions cited reporter first (`T.C. Memo. 2010-123`, `L.R.A. 1915A, 12`).
const reporterFirstRoot = newNode();


function insert(spelling: string, into: Node): Node {
  let node = into;
  for (let k = 0; k < spelling.length; k++) {
    const c = straightApostrophe(spelling.charCodeAt(k));
    if (c === SPACE) continue;
    if (!node.next) node.next = new Map();
    let child = node.next.get(c);
    if (!child) node.next.set(c, (child = newNode()));
    node = child;
  }
  return node;
}

// Start-up time matters (the CLI, a cold worker): the branch of the trie under each first
// character is built the first time the text has a candidate starting with it. A brief
// touches a few dozen of them.
interface Entry {
  spelling: string;
  editions: readonly number[] | null;
  journal: string | null;
}
const pending = new Map<number, Entry[]>();
function addPending(entry: Entry): void {
  const first = straightApostrophe(entry.spelling.charCodeAt(0));
  const list = pending.get(first);
  if (list) list.push(entry);
  else pending.set(first, [entry]);
}
// No destructured entries (the iterator protocol per entry): this runs at every start-up, in
// V8's interpreter (see catalogue.ts).
SPELLINGS.forEach((editions, spelling) => addPending({ spelling, editions, journal: null }));
const journalRecords = parseRecords<[string, string]>(journals);
for (let r = 0; r < journalRecords.length; r++) addPending({ spelling: journalRecords[r][0], editions: null, journal: journalRecords[r][0] });
const journalSpellingRecords = parseRecords<[string, string]>(journalSpellings);
for (let r = 0; r < journalSpellingRecords.length; r++) addPending({ spelling: journalSpellingRecords[r][0], editions: null, journal: journalSpellingRecords[r][1] });

/** The root's branch for the first character `c`, built on first use. */
function branch(c: number): Node | undefined {
  const built = root.next?.get(c);
  if (built) return built;
  const entries = pending.get(c);
  if (!entries) return undefined;
  pending.delete(c);
  for (const e of entries) {
    const node = insert(e.spelling, root);
    if (e.editions) {
      node.editions = node.editions ? [...new Set([...node.editions, ...e.editions])].sort((a, b) => a - b) : e.editions;
      node.journal = null;
    } else if (!node.editions) {
      // A spelling that is a reporter's stays a reporter's.
      node.journal = e.journal;
    }
  }
  return root.next?.get(c);
}

/**
 * Whether a spelling is a plain word (`Holmes`, `Chase`, `Taney`, `Syllabi`): letters and
 * spaces only. Such a reporter is read without its volume only in a form that says more than
 * `Holmes, 272` (a name, a comma and a number are prose as often as a citation).
 */
export const plainWord = (s: string) => /^[A-Za-z ]+$/.test(s);

const REPORTER_FIRST = new Set<number>();
for (let e = 0; e < EDITIONS.length; e++) if (EDITIONS[e].formats?.some((f) => startsWithReporter(f))) REPORTER_FIRST.add(e);
/** The first two letters (spaces skipped) of the reporter-first spellings, as `first << 16 | second`. */
export const REPORTER_FIRST_PAIRS = new Set<number>();
// Only the spellings of the few reporter-first editions are looked at (their canonical
// spelling and variations), not all 3,500: this runs at every start-up.
const reporterFirstSpellings = new Set<string>();
for (const e of REPORTER_FIRST) for (const spelling of [EDITIONS[e].canonical, ...EDITIONS[e].variations]) reporterFirstSpellings.add(spelling);
const reporterFirstPrefixes: string[] = [];
for (const spelling of reporterFirstSpellings) {
  const editions = SPELLINGS.get(spelling);
  if (!editions) continue;
  // A plain word (`Holmes`) is read reporter first only in a form that begins with it, never
  // in one whose volume is optional (tokenize.ts: `Holmes, 272` is prose as often).
  const plain = plainWord(spelling);
  const first = editions.filter((i) => REPORTER_FIRST.has(i) && (!plain || (EDITIONS[i].formats ?? []).some((f) => formatStart(f) === 'reporter')));
  if (!first.length) continue;
  insert(spelling, reporterFirstRoot).editions = first;
  reporterFirstPrefixes.push(spelling);
  const letters = spelling.replace(/ /g, '');
  REPORTER_FIRST_PAIRS.add((straightApostrophe(letters.charCodeAt(0)) << 16) | straightApostrophe(letters.charCodeAt(1)));
}
/**
 * The spellings of the editions cited reporter first. Most capitals that begin like one of
 * them (`University`, `February`) part from all of them within a few characters: the
 * tokenizer asks a prefix filter of them (with the law spellings') before the walk.
 */
export const REPORTER_FIRST_SPELLINGS: readonly string[] = reporterFirstPrefixes;

/**
 * The spellings one walk found, shortest first (read them from `count - 1` down for the
 * longest first): where each ends, and the editions (empty for a journal) or the journal it
 * names. One set of lists, refilled by every walk (walkSpellings, walkReporterFirst) and
 * read before the next: a walk happens at every volume and at many capitals, and the list
 * and the object per spelling a walk used to return were much of what the tokenizer left to
 * the collector.
 */
export interface SpellingHits {
  count: number;
  /** Offset just after each spelling's last character. */
  readonly ends: Int32Array;
  /** Catalogue edition indexes (empty for a journal). */
  readonly editions: (readonly number[])[];
  /** The journal's abbreviation, when the spelling is a journal's and no reporter's. */
  readonly journals: (string | null)[];
}
const HITS: SpellingHits = { count: 0, ends: new Int32Array(MAX_SPELLING), editions: [], journals: [] };

/**
 * The spellings that start at `pos` (HITS, refilled). A spelling counts only where it ends
 * at a word boundary: the next character is not a letter or digit, or the spelling itself
 * ends with a period (`F.3d,`, `U.S.`).
 */
function walk(text: string, pos: number, first: Node | undefined): SpellingHits {
  HITS.count = 0;
  // `first`: the node of the character at `pos` (a spelling never begins with a space).
  if (first === undefined) return HITS;
  let node = first;
  if ((node.editions || node.journal) && endsWord(text, pos)) addHit(node, pos);
  let spaces = 0;
  const limit = Math.min(text.length, pos + MAX_SPELLING);
  for (let i = pos + 1; i < limit; i++) {
    const c = straightApostrophe(text.charCodeAt(i));
    if (c === SPACE) {
      if (++spaces > 2) break;
      continue;
    }
    spaces = 0;
    const child = childOf(node, c, NO_CHILD);
    if (!child) break;
    node = child;
    if ((node.editions || node.journal) && endsWord(text, i)) addHit(node, i);
  }
  return HITS;
}

/** Adds to HITS the spelling of `node`, whose last character is at `last`. */
function addHit(node: Node, last: number): void {
  const h = HITS.count++;
  HITS.ends[h] = last + 1;
  HITS.editions[h] = node.editions ?? NO_EDITIONS;
  HITS.journals[h] = node.editions ? null : node.journal;
}

const BRANCHES = new FirstCharBranches(branch);

/** The reporter and journal spellings that start at `pos` (see SpellingHits: valid until the next walk). */
export function walkSpellings(text: string, pos: number): SpellingHits {
  return walk(text, pos, BRANCHES.get(straightApostrophe(text.charCodeAt(pos))));
}

/** The filter of REPORTER_FIRST_SPELLINGS alone, for callers without the tokenizer's: built when first asked. */
let reporterFirstFilter: PrefixFilter | null = null;

/** Whether a spelling of an edition cited reporter first may begin at `pos`, by its first characters (prefix-filter.ts). */
export function mayBeginReporterFirst(text: string, pos: number): boolean {
  reporterFirstFilter ??= new PrefixFilter([reporterFirstPrefixes]);
  return reporterFirstFilter.mayBeginAt(text, pos) !== 0;
}

/**
 * As walkSpellings, for the editions cited reporter first; cheap to call at every capital.
 * `filtered`: the caller has asked a prefix filter of REPORTER_FIRST_SPELLINGS already.
 */
export function walkReporterFirst(text: string, pos: number, filtered = false): SpellingHits {
  if (!filtered && !mayBeginReporterFirst(text, pos)) {
    HITS.count = 0;
    return HITS;
  }
  return walk(text, pos, reporterFirstRoot.next?.get(straightApostrophe(text.charCodeAt(pos))));
}

function endsWord(text: string, last: number): boolean {
  const c = text.charCodeAt(last + 1);
  if (!(c >= 48 && c <= 57) && !(c >= 65 && c <= 90) && !(c >= 97 && c <= 122)) return true;
  // `F.3d` ends with a letter and must be followed by a non-letter; `U.S.` may touch a digit (`U.S.544` in OCR).
  return text.charCodeAt(last) === 46 && c >= 48 && c <= 57;
}

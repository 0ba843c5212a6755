/**
 * Statutes and regulations of every series reporters-db knows (`Mass. Gen. Laws ch. 93A,
 * § 2`, `Ariz. Rev. Stat. Ann. § 36-3701`, `1 Stat. 2`, `Wis. Stat. § 655.002(2)(c)`), by
 * reporters-db's own patterns. The most common federal and state codes also have
 * hand-written patterns in statutes.ts, which normalise their sections more carefully; where
 * both match the same text, the tokenizer keeps the hand-written one.
 *
 * A law is found where one of its spellings is (a trie walk from each capitalised word), and
 * its pattern is then run there, or from the title number before it (`42 U.S.C. § 1983`).
 */
import overlay from '../data/overlay.json';
import { allDigits, straightApostrophe } from './chars';
import { childOf, FirstCharBranches, type TrieNode } from './first-char-branches';
import { parseRecords } from './generated-data';
import { PrefixFilter } from './prefix-filter';
import { laws as lawRecords } from './generated/laws';
import { RegexCache } from './regex-cache';
import type { StatuteMatch } from './statutes';

interface LawRecord {
  reporter: string;
  lawType: string;
  strings: string[];
  formats: string[];
}

interface Node extends TrieNode<Node> {
  laws: number[] | null;
}

// reporters-db's series, then the court rules of the overlay (reporters-db has none).
const LAWS = [...parseRecords<LawRecord>(lawRecords), ...(overlay as { rules: { series: LawRecord[] } }).rules.series];
// The stand-in for no child in a node's lastChild (childOf): a node of the same shape, in no branch.
const NO_CHILD = { next: null, lastCode: -1, lastChild: null, laws: null } as unknown as Node;
NO_CHILD.lastChild = NO_CHILD;
const root: Node = { next: null, lastCode: -1, lastChild: NO_CHILD, laws: null };
const SPACE = 32;

/** The first two letters (spaces skipped) of every law spelling, as `first << 16 | second`. */
export const LAW_PAIRS = new Set<number>();

/** Every law spelling, for LAW_PREFIXES. */
const lawSpellings: string[] = [];
/** Spellings not yet in the trie, by first character (spaces skipped): spelling, law index, spelling, law index… */
const pendingBranches = new Map<number, (string | number)[]>();

// Indexed loops and no per-spelling array or closure: this runs at every start-up, in V8's
// interpreter (see catalogue.ts).
for (let index = 0; index < LAWS.length; index++) {
  const strings = LAWS[index].strings;
  for (let s = 0; s < strings.length; s++) {
    const spelling = strings[s];
    const letters = spelling.replace(/ /g, '');
    const c1 = straightApostrophe(letters.charCodeAt(0));
    LAW_PAIRS.add((c1 << 16) | straightApostrophe(letters.charCodeAt(1)));
    lawSpellings.push(spelling);
    const waiting = pendingBranches.get(c1);
    if (waiting) waiting.push(spelling, index);
    else pendingBranches.set(c1, [spelling, index]);
  }
}

/**
 * The trie's branch under the first character `c`, built the first time a text needs it:
 * the whole trie (a Map per node) was most of what start-up allocated, and a brief walks
 * a few branches. Spellings keep their catalogue order within a branch, so each node lists
 * its laws in the order a build of the whole trie gives.
 */
function buildBranch(c: number): void {
  const waiting = pendingBranches.get(c);
  if (!waiting) return;
  pendingBranches.delete(c);
  for (let w = 0; w < waiting.length; w += 2) {
    const spelling = waiting[w] as string;
    const index = waiting[w + 1] as number;
    let node = root;
    for (let k = 0; k < spelling.length; k++) {
      const code = straightApostrophe(spelling.charCodeAt(k));
      if (code === SPACE) continue;
      if (!node.next) node.next = new Map();
      let child = node.next.get(code);
      if (!child) node.next.set(code, (child = { next: null, lastCode: -1, lastChild: NO_CHILD, laws: null }));
      node = child;
    }
    if (!node.laws) node.laws = [];
    if (!node.laws.includes(index)) node.laws.push(index);
  }
}

const REGULATION_TYPES = new Set(['admin_compilation', 'admin_register', 'admin_docket', 'admin_filing']);
const RULE_TYPE = 'court_rule';
const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * The position after up to `max` spaces from `p` (the law trie's walk skips two; the
 * tokenizer's candidate checks use it too).
 */
export function afterSpaces(text: string, p: number, max: number): number {
  let q = p;
  while (q < p + max && text.charCodeAt(q) === SPACE) q++;
  return q;
}

/**
 * Every law spelling. Many capitalised words that begin like one (`Court`, `Illinois`,
 * `Commission`) part from every one within their first few characters: the tokenizer asks a
 * prefix filter of them (with the reporter-first spellings') before the trie is walked.
 */
export const LAW_SPELLINGS: readonly string[] = lawSpellings;

/** The filter of the law spellings alone, for callers without the tokenizer's: built when first asked. */
let lawPrefixes: PrefixFilter | null = null;

/** Whether a law spelling may begin at `pos`, by its first characters (prefix-filter.ts). */
export function mayBeginLaw(text: string, pos: number): boolean {
  lawPrefixes ??= new PrefixFilter([lawSpellings]);
  return lawPrefixes.mayBeginAt(text, pos) !== 0;
}

/**
 * The law spellings one walk found (lawSpellingsAt), shortest first: where each ends and its
 * laws. One set of lists, refilled by every walk and read before the next (as the reporter
 * spellings' SpellingHits): no list and no pair per spelling.
 */
const LAW_HITS = { count: 0, ends: new Int32Array(64), laws: [] as number[][] };

const BRANCHES = new FirstCharBranches((c) => {
  buildBranch(c);
  return root.next?.get(c);
});

/** The spellings of laws starting at `pos` (LAW_HITS, refilled). */
function lawSpellingsAt(text: string, pos: number): typeof LAW_HITS {
  LAW_HITS.count = 0;
  // The walk skips up to two spaces before the first character too (no spelling begins with one).
  const first = afterSpaces(text, pos, 2);
  const branch = BRANCHES.get(straightApostrophe(text.charCodeAt(first)));
  if (branch === undefined) return LAW_HITS;
  let node: Node = branch;
  if (node.laws) addLawHit(text, first, node.laws);
  let spaces = 0;
  const limit = Math.min(text.length, pos + 64);
  for (let i = first + 1; i < limit; i++) {
    const c = straightApostrophe(text.charCodeAt(i));
    if (c === SPACE) {
      if (++spaces > 2) break;
      continue;
    }
    spaces = 0;
    const child = childOf(node, c, NO_CHILD);
    if (!child) break;
    node = child;
    if (node.laws) addLawHit(text, i, node.laws);
  }
  return LAW_HITS;
}

/** Adds to LAW_HITS the spelling of `laws` whose last character is at `last`, where it ends a word. */
function addLawHit(text: string, last: number, laws: number[]): void {
  if (isAlnum(text.charCodeAt(last + 1)) && text.charCodeAt(last) !== 46) return;
  const h = LAW_HITS.count++;
  LAW_HITS.ends[h] = last + 1;
  LAW_HITS.laws[h] = laws;
}

const compiled = new RegexCache(1025, (format, written) => {
  const source = format
    .split('$reporter')
    .join(written.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    // Python's `{,n}`.
    .replace(/\{,(\d+)\}/g, '{0,$1}')
    .replace(/(?<!\\) /g, ' {1,3}');
  try {
    return new RegExp(source, 'y');
  } catch {
    return null;
  }
});
function regexFor(format: string, written: string): RegExp | null {
  return compiled.get(format, written);
}

// Subsections after a section (`(a)(2)`, `(a)(2) and (d)`) belong to it, as `§ 1983(a)`.
const SUBSECTIONS = /(?:\([0-9a-zA-Z]{1,4}\))+(?: and (?:\([0-9a-zA-Z]{1,4}\))+)?/y;
// The year and publisher in parentheses after a statute are read by find.ts, not kept in the span;
// nor is `et seq.`.
const TRAILING_PAREN = /\s*\((?:[A-Z][a-z]+\.?(?:\s+Supp\.)?\s+)?(?:1\d{3}|20\d{2})(?:-\d{2})?\)$/;
const ET_SEQ = /\s+et\s+seq\.$/;

/**
 * The length of a law's match without the parenthetical and `et seq.` it may end with: each
 * pattern is run only on a match that ends as it must (`)`, `.`): most end with neither.
 */
function keptLength(match: string): number {
  let kept = match;
  if (kept.charCodeAt(kept.length - 1) === 41 /* ) */) kept = kept.replace(TRAILING_PAREN, '');
  if (kept.charCodeAt(kept.length - 1) === 46 /* . */) kept = kept.replace(ET_SEQ, '');
  return kept.length;
}

/**
 * A law's pattern matched at `start`: its span, and what its statute is made from when asked
 * (statuteOf). The tokenizer asks only for the laws it keeps: most a brief cites are found
 * as long by statutes.ts's patterns, whose reading wins.
 */
export interface LawMatch {
  start: number;
  end: number;
  law: LawRecord;
  match: RegExpExecArray;
  /** The section with the subsections after it (`1983(a)(2)`), or null. */
  section: string | null;
}

function lawAt(text: string, start: number, law: LawRecord, written: string, format: string): LawMatch | null {
  const re = regexFor(format, written);
  if (!re) return null;
  re.lastIndex = start;
  const m = re.exec(text);
  if (!m) return null;
  let end = start + keptLength(m[0]);
  let section = m.groups?.section ?? null;
  if (section) {
    const sectionEnd = start + m[0].indexOf(section, m[0].indexOf(written)) + section.length;
    SUBSECTIONS.lastIndex = sectionEnd;
    const sub = SUBSECTIONS.exec(text);
    if (sub) {
      section += sub[0];
      end = Math.max(end, SUBSECTIONS.lastIndex);
    }
  }
  return { start, end, law, match: m, section };
}

/** The statute a law's match names. */
export function statuteOf({ law, match: m, section }: LawMatch): StatuteMatch {
  const g = m.groups ?? {};
  const title = g.title ?? g.volume ?? null;
  const chapter = g.chapter ? `ch. ${g.chapter}, ` : '';
  const signs = law.lawType === RULE_TYPE ? '' : /§§|[Ss]ections/.test(m[0]) ? '§§ ' : '§ ';
  const normalized = section
    ? `${title ? `${title} ` : ''}${law.reporter} ${chapter}${signs}${section}`
    : `${title ? `${title} ` : ''}${law.reporter} ${g.page ?? ''}`.trim();
  return {
    type: law.lawType === RULE_TYPE ? 'rule' : REGULATION_TYPES.has(law.lawType) ? 'regulation' : 'statute',
    normalized,
    code: law.reporter,
    title: title !== null && allDigits(title) ? Number(title) : null,
    section: section ?? g.page ?? '',
    ...(g.page ? { page: g.page } : {}),
  };
}

/** Where a pattern that begins with a number (`42 U.S.C.`, `1 Stat.`) begins: the number before `pos`. */
function numberBefore(text: string, pos: number): number | null {
  let p = pos;
  while (p > 0 && p > pos - 4 && (text.charCodeAt(p - 1) === SPACE || text.charCodeAt(p - 1) === 44)) p--;
  let q = p;
  while (q > 0 && text.charCodeAt(q - 1) >= 48 && text.charCodeAt(q - 1) <= 57) q--;
  return q < p && (q === 0 || !isAlnum(text.charCodeAt(q - 1))) ? q : null;
}

/**
 * The law citation whose spelling starts at `i` (a capital), the longest one, or null; its
 * statute is made by statuteOf, when the caller keeps it.
 * `filtered`: the caller has asked a prefix filter of LAW_SPELLINGS already.
 * @example statuteOf(lawMatchAt('See Wis. Stat. § 655.002(2)(c).', 4)!).normalized // 'Wis. Stat. § 655.002(2)(c)'
 */
export function lawMatchAt(text: string, i: number, filtered = false): LawMatch | null {
  if (!filtered && !mayBeginLaw(text, i)) return null;
  let found = null as LawMatch | null;
  const hits = lawSpellingsAt(text, i);
  // Longest first; lawAt walks no trie, so the hits stay as they are.
  for (let h = hits.count - 1; h >= 0; h--) {
    const laws = hits.laws[h];
    const written = text.slice(i, hits.ends[h]);
    for (const index of laws) {
      const law = LAWS[index];
      for (const format of law.formats) {
        const start = format.startsWith('(?<reporter>') ? i : numberBefore(text, i);
        if (start === null) continue;
        const match = lawAt(text, start, law, written, format);
        if (match && (!found || match.end > found.end)) found = match;
      }
    }
    if (found) return found;
  }
  return null;
}

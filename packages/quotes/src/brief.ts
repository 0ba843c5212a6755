/**
 * The quotations in a brief, each tied to the citation that gives its source:
 * - inline quotations, in curly or straight double quotes (single quotes inside them are the
 *   source's own quotation marks);
 * - block quotations: paragraphs the reader saw indented (`blocks`), or, when it could not
 *   tell, a paragraph introduced by a colon and followed by its citation.
 * A quotation belongs to the citation whose parenthetical holds it (`(holding that "...")`),
 * else the citation after it in its sentence, else one before it in its sentence (`In Smith,
 * 1 F.3d at 5, the court said "..."`), else the citation sentence right after the one it ends
 * (`"..." Id. at 1006.`). Short forms are tied like full ones; `quoteTarget` finds their case.
 */
import type { Citation } from '@citecheck/citations';
import type { BriefQuote, QuoteNote, QuoteTie } from './types';

export interface FindQuotesOptions {
  /**
   * Block quotations as the reader saw them: offsets in `text` of the paragraphs set off by
   * indentation (.docx `w:ind`, a PDF line's left margin). Adjacent ones are one quotation.
   */
  blocks?: Array<{ start: number; end: number }>;
  /** When `blocks` is not given, look for block quotations by their shape (default true). */
  guessBlocks?: boolean;
  /**
   * Shortest quotation checked, in words (default 4). Shorter quoted phrases are defined terms
   * (`the "Agreement"`), titles and scare quotes more often than quotations of a court.
   */
  minWords?: number;
}

const OPEN_DOUBLE = 0x201c; // “
const CLOSE_DOUBLE = 0x201d; // ”
const STRAIGHT_DOUBLE = 0x22;

const SPACE = /\s/;
const OPENING_CONTEXT = /[\s([{—–\-/]/;
const WORD = /[\p{L}\p{N}]+/gu;

const wordCount = (s: string) => (s.match(WORD) ?? []).length;

// Words before a period that do not end a sentence (besides single letters and dotted
// abbreviations like U.S., and anything inside a citation, whose span is known).
const ABBREVIATIONS = new Set([
  'v', 'vs', 'mr', 'mrs', 'ms', 'dr', 'jr', 'sr', 'st', 'no', 'nos', 'inc', 'corp', 'co', 'ltd', 'cf', 'eg', 'ie', 'etc',
  'art', 'sec', 'ch', 'fig', 'vol', 'ex', 'tr', 'app', 'supp', 'cir', 'ct', 'dist', 'ed', 'rev', 'stat', 'dep', 'dept',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sept', 'sep', 'oct', 'nov', 'dec', 'para', 'pp', 'p', 'ann', 'gen',
  'assn', 'ass', 'bros', 'univ', 'govt', 'comm', 'commn', 'ins', 'mfg', 'natl', 'intl', 'ry', 'r', 'op', 'ops', 'id', 'al',
]);

/** Sentence ends in [from, to): the position of each `.`, `?` or `!` that ends one. */
export function sentenceEnds(text: string, from: number, to: number, insideCitation: (pos: number) => boolean): number[] {
  const ends: number[] = [];
  for (let k = Math.max(0, from); k < Math.min(text.length, to); k++) {
    const c = text[k];
    if (c !== '.' && c !== '?' && c !== '!') continue;
    if (isSentenceEnd(text, k, insideCitation)) ends.push(k);
  }
  return ends;
}

function isSentenceEnd(text: string, k: number, insideCitation: (pos: number) => boolean): boolean {
  let j = k + 1;
  while (j < text.length && /["”’')\]]/.test(text[j])) j++;
  // A footnote number after the sentence (`law.”3 The`).
  while (j < text.length && /\d/.test(text[j]) && j - k < 5) j++;
  if (j >= text.length) return true;
  if (!SPACE.test(text[j])) return false;
  let s = j;
  while (s < text.length && SPACE.test(text[s])) s++;
  if (s >= text.length) return true;
  if (text.slice(j, s).includes('\n\n')) return true;
  if (!/["“‘'([A-Z]/.test(text[s])) return false;
  if (text[k] !== '.') return true;
  if (insideCitation(k)) return false;
  // The word before the period.
  let b = k;
  while (b > 0 && /[\p{L}.']/u.test(text[b - 1])) b--;
  const word = text.slice(b, k);
  if (word.length === 1 || word.includes('.')) return word.length > 1 && /^[A-Za-z]{2,}\.[A-Za-z]{2,}$/.test(word);
  return !ABBREVIATIONS.has(word.toLowerCase().replace(/'/g, ''));
}

interface Span {
  start: number;
  end: number;
}

/** Inline quotations: pairs of double quotation marks within a paragraph. */
function inlineQuotes(text: string): Span[] {
  const out: Span[] = [];
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 && open >= 0 && /\n[ \t]*\n/y.test(text.slice(i, i + 4))) {
      // A quotation does not run past its paragraph, unless the next one goes on with a
      // lowercase word: a paragraph cut by a page break of the brief, as a PDF reader gives it.
      const next = /\S/.exec(text.slice(i, i + 40));
      if (!next || !/\p{Ll}/u.test(next[0])) open = -1;
      continue;
    }
    if (c === OPEN_DOUBLE) open = i;
    else if (c === CLOSE_DOUBLE) {
      if (open >= 0) out.push({ start: open + 1, end: i });
      open = -1;
    } else if (c === STRAIGHT_DOUBLE) {
      const prev = i > 0 ? text[i - 1] : ' ';
      const next = i + 1 < text.length ? text[i + 1] : ' ';
      const canClose = !SPACE.test(prev);
      const canOpen = OPENING_CONTEXT.test(prev) && !SPACE.test(next);
      if (open >= 0 && canClose) {
        out.push({ start: open + 1, end: i });
        open = -1;
      } else if (canOpen) open = i;
    }
  }
  return out;
}

function trimSpan(text: string, s: Span): Span {
  let { start, end } = s;
  while (start < end && SPACE.test(text[start])) start++;
  while (end > start && SPACE.test(text[end - 1])) end--;
  return { start, end };
}

/** Paragraphs of the text: separated by a blank line, as the reader joins them. */
function paragraphs(text: string): Span[] {
  const out: Span[] = [];
  const re = /\n[ \t]*\n\s*/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    out.push({ start: last, end: m.index });
    last = m.index + m[0].length;
  }
  out.push({ start: last, end: text.length });
  return out.filter((p) => p.end > p.start);
}

const SIGNAL = /^(?:see,?\s+e\.g\.,?|see\s+also|see\s+generally|see|but\s+see|but\s+cf\.|cf\.|accord|compare|contra|e\.g\.,?|and|also)\s+/i;

/** Only white space, punctuation, footnote numbers and a citation signal. */
function onlyLeadIn(s: string): boolean {
  let t = s.replace(/^[\s"”’')\].,;:\d]+/, '');
  for (let k = 0; k < 3; k++) {
    const m = SIGNAL.exec(t);
    if (!m) break;
    t = t.slice(m[0].length);
  }
  return t.trim() === '';
}

const PARAGRAPH_BREAK = /\n[^\S\n]*\n/;

const CASE_NAME = /\sv\.\s|^(?:In re|Ex parte|In the Matter of|Matter of|Estate of|Application of|Petition of)\b|\((?:In re|Ex parte)\b/;
// A sentence ending inside what should be a case name: a lowercase word and a period before a capital (`is sound. Smith`); `ex rel.` is a name's.
const PROSE_SENTENCE_END = /\b(?!rel\.)[a-z]{3,}[.?!]\s+[A-Z]/;

/**
 * Whether the text from `from` to a citation (its volume, or `Id.`) is only what may open a
 * citation sentence: white space, closing punctuation, a footnote number, a signal, and the
 * case's name (`Smith v. Jones, `, `In re J.W., `, a short name: `Dyous, `).
 */
function leadsTo(text: string, from: number, to: number, ends: (a: number, b: number) => number[]): boolean {
  if (to < from) return false;
  let t = text.slice(from, to).replace(/^[\s"”’')\].,;:\d]+/, '');
  for (let k = 0; k < 3; k++) {
    const m = SIGNAL.exec(t);
    if (!m) break;
    t = t.slice(m[0].length);
  }
  t = t.trim();
  if (!t) return true;
  if (t.length > 300 || /["“”]/.test(t)) return false;
  if (CASE_NAME.test(t)) return !PROSE_SENTENCE_END.test(t);
  return /^[A-Z][^;:]{0,80},$/.test(t) && ends(from, to).length === 0;
}

// A record citation after the quotation (`(Compl. ¶ 5)`, `(R. 45)`, `App. 12`): the words are the record's, not a case's.
const RECORD_CITE = /\((?:[^()]*\b(?:R|App|Compl|Tr|Ex|Dkt|ECF|Doc|Pet|Br|Decl|Aff|Dep|J\.A|SER|ER|CP|RP)\.?(?:\s|\b)[^()]*|[^()]*¶[^()]*)\)/;

const NOTES: Array<[RegExp, QuoteNote]> = [
  [/emphasis\s+added/i, 'emphasis-added'],
  [/emphasis\s+(?:in\s+(?:the\s+)?original|original)/i, 'emphasis-in-original'],
  [/emphasis\s+omitted/i, 'emphasis-omitted'],
  [/(?:internal\s+)?quotation\s+marks?\b[^)]*\bomitted|quotations?\s+omitted/i, 'internal-quotation-marks-omitted'],
  [/alterations?\s+in\s+(?:the\s+)?original|brackets?\s+in\s+(?:the\s+)?original|ellips[ie]s\s+in\s+(?:the\s+)?original/i, 'alteration-in-original'],
  [/citations?\b[^)]*\bomitted/i, 'citations-omitted'],
  [/footnotes?\b[^)]*\bomitted/i, 'footnote-omitted'],
  [/cleaned\s+up/i, 'cleaned-up'],
];

function readNotes(s: string): QuoteNote[] {
  const notes: QuoteNote[] = [];
  for (const [re, note] of NOTES) if (re.test(s)) notes.push(note);
  return notes;
}

/** Binary search: the last index with pred true (pred true then false over the array), or -1. */
function lastIndex<T>(list: T[], pred: (x: T) => boolean): number {
  let lo = 0;
  let hi = list.length - 1;
  let ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (pred(list[mid])) { ans = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return ans;
}

/**
 * Every quotation in `text` (the text given to findCitations, with the citations it returned),
 * tied to its citation, in order.
 * @example
 * const text = 'The court held that "a plea must be knowing and voluntary." Id. at 652.';
 * findQuotes(text, findCitations(text))
 * // [{ text: 'a plea must be knowing and voluntary.', kind: 'inline', citation: <index of Id. at 652>, tie: 'next-sentence', notes: [], ... }]
 */
export function findQuotes(text: string, citations: Citation[], options: FindQuotesOptions = {}): BriefQuote[] {
  const minWords = options.minWords ?? 4;
  const cites = citations.map((c, index) => ({ c, index })).sort((a, b) => a.c.start - b.c.start);
  const citeSpans = cites.map(({ c }) => ({ start: Math.min(c.start, c.fullStart), end: Math.max(c.end, c.fullEnd) })).sort((a, b) => a.start - b.start);
  const insideCitation = (pos: number) => {
    const k = lastIndex(citeSpans, (s) => s.start <= pos);
    for (let j = k; j >= 0 && j > k - 4; j--) if (pos >= citeSpans[j].start && pos < citeSpans[j].end - 1) return true;
    return false;
  };
  const ends = (from: number, to: number) => sentenceEnds(text, from, to, insideCitation);
  /** The citations (sorted by start) that start in [from, to), found by binary search: a brief may hold a great many. */
  const citesIn = (from: number, to: number) => cites.slice(lastIndex(cites, (x) => x.c.start < from) + 1, lastIndex(cites, (x) => x.c.start < to) + 1);

  /** The citation tied to an inline quotation [qs, qe), the quotation marks excluded. */
  const tieInline = (qs: number, qe: number): { index: number; tie: QuoteTie } | null => {
    // 1. In a citation's parenthetical.
    for (let k = lastIndex(cites, (x) => x.c.start < qs); k >= 0; k--) {
      const { c, index } = cites[k];
      if (c.end <= qs && qe <= c.fullEnd) return c.type === 'case' ? { index, tie: 'parenthetical' } : null;
      if (c.fullEnd < qs - 2000) break;
    }
    const closeAt = qe + 1; // after the closing quotation mark
    // The end of the sentence the quotation is in (its own closing point, or later).
    const e1 = ends(qe - 1, Math.min(text.length, qe + 800))[0] ?? Infinity;
    const nk = lastIndex(cites, (x) => x.c.start < closeAt) + 1;
    const next = nk < cites.length ? cites[nk] : null;
    const pk = lastIndex(cites, (x) => x.c.end <= qs);
    const prev = pk >= 0 ? cites[pk] : null;
    // 2. The citation after it, in the same sentence.
    if (next && next.c.start < e1 && next.c.start - qe < 400) return next.c.type === 'case' ? { index: next.index, tie: 'following' } : null;
    // 3. A citation before it, in the same sentence (a paragraph break between them ends it:
    // an `Id.` closing one paragraph is not in the next one's first sentence).
    if (prev && ends(prev.c.fullEnd, qs).length === 0 && !PARAGRAPH_BREAK.test(text.slice(prev.c.fullEnd, qs))) return prev.c.type === 'case' ? { index: prev.index, tie: 'preceding' } : null;
    // 4. The citation sentence right after the sentence the quotation ends.
    if (next && e1 !== Infinity && next.c.start > e1 && leadsTo(text, e1 + 1, next.c.start, ends)) {
      if (RECORD_CITE.test(text.slice(closeAt, e1))) return null;
      return next.c.type === 'case' ? { index: next.index, tie: 'next-sentence' } : null;
    }
    return null;
  };

  const notesFor = (index: number | null, from: number): QuoteNote[] => {
    if (index === null) return [];
    const c = citations[index];
    // The citation's parentheticals, and anything between the quotation and the citation.
    const to = Math.max(c.fullEnd, c.end);
    const sentenceEnd = ends(to, Math.min(text.length, to + 300))[0] ?? Math.min(text.length, to + 300);
    const region = text.slice(Math.min(from, c.end), Math.max(to, sentenceEnd));
    return readNotes(region);
  };

  // Block quotations.
  const blocks: Span[] = [];
  if (options.blocks) {
    const sorted = [...options.blocks].filter((b) => b.end > b.start && b.start >= 0 && b.end <= text.length).sort((a, b) => a.start - b.start);
    for (const b of sorted) {
      const last = blocks[blocks.length - 1];
      if (last && /^\s*$/.test(text.slice(last.end, b.start))) last.end = Math.max(last.end, b.end);
      else blocks.push({ start: b.start, end: b.end });
    }
  } else if (options.guessBlocks !== false) {
    const paras = paragraphs(text);
    for (let k = 1; k < paras.length; k++) {
      const before = text.slice(paras[k - 1].start, paras[k - 1].end).trimEnd();
      if (!before.endsWith(':')) continue;
      const p = paras[k];
      const body = text.slice(p.start, p.end).trim();
      if (body.endsWith(':') || wordCount(body) < minWords) continue;
      // Its citation: at its end, or opening the paragraph after it.
      const endsWithCite = citesIn(p.start, p.end).some(({ c }) => c.fullStart > p.start && onlyLeadIn(text.slice(Math.max(c.fullEnd, c.end), p.end)));
      const nextPara = paras[k + 1];
      const firstNext = nextPara === undefined ? undefined : cites[lastIndex(cites, (x) => x.c.start < nextPara.start) + 1];
      const citeNext = firstNext !== undefined && firstNext.c.start < nextPara!.start + 300 && leadsTo(text, nextPara!.start, firstNext.c.start, ends);
      if (endsWithCite || citeNext) blocks.push({ start: p.start, end: p.end });
    }
  }

  const quotes: BriefQuote[] = [];
  for (const block of blocks) {
    let { start, end } = trimSpan(text, block);
    let tied: { index: number; tie: QuoteTie } | null = null;
    // A citation closing the block itself: the quotation ends before its citation sentence.
    const inside = citesIn(start, end).filter(({ c }) => c.fullStart > start && c.fullStart < end);
    const closing = inside.length ? inside[inside.length - 1] : null;
    if (closing && onlyLeadIn(text.slice(Math.max(closing.c.fullEnd, closing.c.end), end))) {
      const sentenceEnds = ends(start, closing.c.start).filter((e) => leadsTo(text, e + 1, closing.c.start, ends));
      const cut = sentenceEnds.length ? sentenceEnds[0] + 1 : closing.c.fullStart;
      if (closing.c.type === 'case') tied = { index: closing.index, tie: 'block' };
      end = cut;
      ({ start, end } = trimSpan(text, { start, end }));
    }
    if (!tied) {
      const nk = lastIndex(cites, (x) => x.c.start < block.end) + 1;
      const next = nk < cites.length ? cites[nk] : null;
      if (next && next.c.start - block.end < 300 && leadsTo(text, block.end, next.c.start, ends)) {
        if (next.c.type === 'case') tied = { index: next.index, tie: 'block' };
      } else {
        // The sentence introducing the block: its last case citation.
        const lead = ends(Math.max(0, start - 600), start - 1).pop() ?? Math.max(0, start - 600);
        const inLead = citesIn(lead + 1, start).filter(({ c }) => c.end <= start && c.type === 'case');
        if (inLead.length) tied = { index: inLead[inLead.length - 1].index, tie: 'block' };
      }
    }
    // Quotation marks around the whole block are not part of it.
    if (/^["“]/.test(text[start]) && /["”]$/.test(text[end - 1])) {
      start++;
      end--;
    }
    if (wordCount(text.slice(start, end)) < minWords) continue;
    quotes.push({
      text: text.slice(start, end),
      start,
      end,
      kind: 'block',
      citation: tied?.index ?? null,
      tie: tied?.tie ?? null,
      notes: notesFor(tied?.index ?? null, end),
    });
  }

  blocks.sort((a, b) => a.start - b.start);
  const inBlock = (pos: number) => {
    const k = lastIndex(blocks, (b) => b.start <= pos);
    return k >= 0 && pos < blocks[k].end;
  };
  for (const span of inlineQuotes(text)) {
    const { start, end } = trimSpan(text, span);
    if (end <= start || inBlock(start)) continue;
    const body = text.slice(start, end);
    if (wordCount(body) < minWords) continue;
    const tied = tieInline(start, span.end);
    quotes.push({
      text: body,
      start,
      end,
      kind: 'inline',
      citation: tied?.index ?? null,
      tie: tied?.tie ?? null,
      notes: notesFor(tied?.index ?? null, span.end),
    });
  }
  return quotes.sort((a, b) => a.start - b.start);
}

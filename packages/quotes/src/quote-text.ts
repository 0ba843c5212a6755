/**
 * A quotation read as a lawyer reads it: an ellipsis stands for words left out; brackets mark
 * the quoter's own changes (`[T]he`, `agree[d]`, `[the defendant]`), allowed; `[sic]` is not
 * the source's; a footnote number or star-page label inside it is not part of the words.
 */
import { MARKER, tokenize } from './words';

export type QuoteItem =
  /** A word of the quotation. `marker`: a footnote number or `*1006` label that may stand for nothing. */
  | { kind: 'word'; word: string; start: number; end: number; marker: boolean }
  /** A word changed inside brackets (`[T]he`, `agree[d]`): it stands for one word of the source, whatever its letters. */
  | { kind: 'wild-word'; word: string; start: number; end: number }
  /** Words put in brackets (`[the defendant]`): they stand for up to `max` words of the source, or none. */
  | { kind: 'wild-span'; words: string[]; start: number; end: number; max: number };

export interface QuoteSegment {
  items: QuoteItem[];
  /** How many of the source's words may lie between the previous segment and this one (0 for the first). */
  gapBefore: number;
}

export interface ParsedQuote {
  segments: QuoteSegment[];
  /** The quotation's words (markers and bracketed changes left out), for the figures of the comparison. */
  wordCount: number;
}

/** Words an ellipsis may stand for: several pages of an opinion. */
export const ELLIPSIS_GAP = 2500;
/** Words a silently omitted citation may stand for (`(citations omitted)`, `(cleaned up)`). */
export const CITATION_GAP = 60;

const ELLIPSIS = /(?:\.[ \u00a0]?){2}\.(?:[ \u00a0]?\.)?|…|\*[ \u00a0]\*[ \u00a0]\*/g;
const BRACKET = /\[([^[\]]{0,120})\]/g;
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
// Bracketed words that say what the quoter left out: treated as an ellipsis.
const OMISSION = /^(?:\s*(?:internal\s+)?(?:citations?|quotation marks?|footnotes?|emphasis|alterations?)\b.*\bomitted\s*)$/i;

export interface ParseQuoteOptions {
  /**
   * The brief says citations were left out (`(citations omitted)`, `(cleaned up)`): between two
   * sentences of the quotation the source may have a citation the quotation does not show.
   */
  citationsOmitted?: boolean;
  /** `(alteration in original)`: the brackets are the source's own; read their content as words. */
  bracketsInOriginal?: boolean;
}

/**
 * @example parseQuoteText('[T]he court . . . found no error.').segments.length // 2
 */
export function parseQuoteText(text: string, options: ParseQuoteOptions = {}): ParsedQuote {
  // A copy of the same length in which ellipses and bracketed insertions are blanked out
  // (their places remembered) and brackets inside a word become soft hyphens, which the word
  // reader joins across: offsets stay the brief's.
  const masked = text.split('');
  const gaps: Array<{ at: number; size: number }> = [];
  const spans: Array<{ start: number; end: number; words: string[] }> = [];
  const bracketChars = new Set<number>();

  ELLIPSIS.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = ELLIPSIS.exec(text))) {
    for (let k = m.index; k < m.index + m[0].length; k++) masked[k] = ' ';
    gaps.push({ at: m.index, size: ELLIPSIS_GAP });
  }
  if (!options.bracketsInOriginal) {
    BRACKET.lastIndex = 0;
    while ((m = BRACKET.exec(text))) {
      const start = m.index;
      const end = start + m[0].length;
      const content = m[1];
      const inWord = isWordChar(text[start - 1]) || isWordChar(text[end]);
      const blank = () => {
        for (let k = start; k < end; k++) masked[k] = ' ';
      };
      if (/^\s*(?:\.\s?){3,4}\s*$|^\s*…\s*$/.test(content)) {
        blank();
        gaps.push({ at: start, size: ELLIPSIS_GAP });
      } else if (/^\s*sic\.?\s*$/i.test(content) || /^\s*emphasis (?:added|in original)\s*$/i.test(content) || !content.trim()) {
        if (inWord && !content.trim()) {
          masked[start] = '\u00ad';
          masked[end - 1] = '\u00ad';
          bracketChars.add(start);
        } else blank();
      } else if (OMISSION.test(content)) {
        blank();
        gaps.push({ at: start, size: CITATION_GAP });
      } else if (inWord && !/\s/.test(content.trim())) {
        masked[start] = '\u00ad';
        masked[end - 1] = '\u00ad';
        bracketChars.add(start);
        bracketChars.add(end - 1);
      } else {
        // `[the defendant]'s` stands for `his`: the possessive goes with the bracketed words.
        const possessive = /^['’]s?(?![\p{L}\p{N}])/u.exec(text.slice(end));
        const spanEnd = end + (possessive ? possessive[0].length : 0);
        for (let k = start; k < spanEnd; k++) masked[k] = ' ';
        spans.push({ start, end: spanEnd, words: tokenize(content).words });
      }
    }
  } else {
    // The source's own brackets: read through them.
    for (let k = 0; k < text.length; k++) if (text[k] === '[' || text[k] === ']') masked[k] = '\u00ad';
  }
  if (options.citationsOmitted) {
    const sentenceEnd = /[.?!]["”’')]*\s+(?=["“‘(]?[A-Z])/g;
    while ((m = sentenceEnd.exec(text))) gaps.push({ at: m.index + m[0].length - 1, size: CITATION_GAP });
  }

  const maskedText = masked.join('');
  const w = tokenize(maskedText);
  const bracketList = [...bracketChars].sort((a, b) => a - b);
  type Event = { at: number; kind: 'word'; index: number } | { at: number; kind: 'gap'; size: number } | { at: number; kind: 'span'; span: (typeof spans)[number] };
  const events: Event[] = [];
  for (let i = 0; i < w.words.length; i++) events.push({ at: w.starts[i], kind: 'word', index: i });
  for (const g of gaps) events.push({ at: g.at, kind: 'gap', size: g.size });
  for (const s of spans) events.push({ at: s.start, kind: 'span', span: s });
  events.sort((a, b) => a.at - b.at);

  const segments: QuoteSegment[] = [];
  let current: QuoteSegment = { items: [], gapBefore: 0 };
  let pendingGap = 0;
  let wordCount = 0;
  for (const e of events) {
    if (e.kind === 'gap') {
      pendingGap = Math.max(pendingGap, e.size);
      continue;
    }
    if (pendingGap) {
      if (current.items.length) segments.push(current);
      current = { items: [], gapBefore: segments.length ? pendingGap : 0 };
      pendingGap = 0;
    }
    if (e.kind === 'span') {
      const n = e.span.words.length;
      current.items.push({ kind: 'wild-span', words: e.span.words, start: e.span.start, end: e.span.end, max: Math.max(3, 2 * n + 1) });
      continue;
    }
    const i = e.index;
    const start = w.starts[i];
    const end = w.ends[i];
    const bracketed = bracketList.some((b) => b >= start && b < end);
    if (bracketed) current.items.push({ kind: 'wild-word', word: w.words[i], start, end });
    else {
      const marker = (w.flags[i] & MARKER) !== 0;
      current.items.push({ kind: 'word', word: w.words[i], start, end, marker });
      if (!marker) wordCount++;
    }
  }
  if (current.items.length) segments.push(current);
  return { segments, wordCount };
}

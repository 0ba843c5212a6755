/**
 * Citation context snippets (SPEC's originalContext) as the brief wrote them. The engine finds
 * the sentence on its cleaned text, where dashes, curly quotes and apostrophes have been made
 * plain ASCII so its patterns match, and it bounds a very long sentence by a character count
 * that can fall inside a word. A lawyer comparing the snippet with the brief needs the brief's
 * own characters and whole words, so the engine's sentence is located again in the original
 * text and its ends moved to word boundaries, an ellipsis marking a cut.
 */
import { cleanText } from '@citecheck/citations';

const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/;
const ELLIPSIS = '…';

/**
 * The end (exclusive) of `needle` matched at `hay[at]`, where each single space in the needle
 * stands for any run of whitespace in `hay`; -1 when it does not match there.
 */
function matchAt(hay: string, at: number, needle: string): number {
  let i = at;
  for (let j = 0; j < needle.length; j++) {
    const ch = needle[j];
    if (ch === ' ') {
      if (i >= hay.length || !SPACE.test(hay[i])) return -1;
      while (i < hay.length && SPACE.test(hay[i])) i++;
      while (needle[j + 1] === ' ') j++;
    } else if (hay[i] === ch) i++;
    else return -1;
  }
  return i;
}

/** Where `context` sits in the text: the nearest start at or before the citation whose match covers it. */
function locate(cleanHay: string, citation: { start: number; end: number }, context: string): { from: number; to: number } | null {
  const needle = cleanText(context).replace(/\s+/g, ' ').trim();
  if (!needle) return null;
  const lowest = Math.max(0, citation.start - 4 * needle.length);
  for (let from = Math.min(citation.start, cleanHay.length - 1); from >= lowest; from--) {
    if (cleanHay[from] !== needle[0]) continue;
    const to = matchAt(cleanHay, from, needle);
    if (to !== -1 && to >= citation.end) return { from, to };
  }
  return null;
}

const isWordAt = (text: string, i: number) => i >= 0 && i < text.length && WORD.test(text[i]);

/**
 * The context of one citation, in the text's own characters, on whole words.
 * @example readableContext(text, citation) // 'The court held—in a “landmark” ruling—… (2007).'
 */
export function readableContext(
  text: string,
  citation: { start: number; end: number; fullStart: number; context: string },
  cleanHay: string = cleanText(text),
): string {
  const span = locate(cleanHay, { start: citation.fullStart, end: citation.end }, citation.context) ?? locate(cleanHay, citation, citation.context);
  if (!span) return citation.context;
  let { from, to } = span;
  let cutBefore = false;
  let cutAfter = false;
  // A cut inside a word drops the part word, never the citation itself.
  if (isWordAt(text, from - 1) && isWordAt(text, from)) {
    while (from < citation.start && !SPACE.test(text[from])) from++;
    cutBefore = true;
  }
  if (isWordAt(text, to) && isWordAt(text, to - 1)) {
    while (to > citation.end && !SPACE.test(text[to - 1])) to--;
    cutAfter = true;
  }
  const body = text.slice(from, to).replace(/\s+/g, ' ').trim();
  return `${cutBefore ? `${ELLIPSIS} ` : ''}${body}${cutAfter ? ` ${ELLIPSIS}` : ''}`;
}

/** Every citation with its readable context (see readableContext); the text is cleaned once. */
export function withReadableContexts<C extends { start: number; end: number; fullStart: number; context: string }>(text: string, citations: C[]): C[] {
  // The engine's cleanup keeps every offset; should it ever not, matching on the text itself
  // still finds plain-ASCII sentences, and anything else keeps the engine's context.
  const cleaned = cleanText(text);
  const cleanHay = cleaned.length === text.length ? cleaned : text;
  return citations.map((c) => ({ ...c, context: readableContext(text, c, cleanHay) }));
}

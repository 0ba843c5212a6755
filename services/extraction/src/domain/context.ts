/**
 * Citation context snippets (SPEC's originalContext) as the brief wrote them. The engine finds
 * the sentence on its cleaned text, where dashes, curly quotes and apostrophes have been made
 * plain ASCII so its patterns match, and it bounds a very long sentence by a character count
 * that can fall inside a word. A lawyer comparing the snippet with the brief needs the brief's
 * own characters and whole words, so the engine's sentence is located again in the original
 * text and its ends moved to word boundaries, an ellipsis marking a cut.
 *
 * Locating costs time in proportion to the context's length, whatever the text: the search
 * runs over a window around the citation with a rolling hash, each candidate start costing
 * one comparison, and neighbours sharing a sentence share the search. The earlier search
 * compared the whole sentence at every earlier position; on a paragraph of 1,990 chained
 * citations, whose contexts run to the paragraph's end, that took 18 s (issue 28, finding 1).
 */
import { cleanText } from '@citecheck/citations';

const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/;
const ELLIPSIS = '…';

/**
 * Two primes under 2^15: a hash times its base plus a character stays under 2^31, so every step
 * is small-integer arithmetic (a double's modulo took most of the search's time). Together they
 * make a chance collision about one in a billion, and a collision only costs one comparison.
 */
const P1 = 32_749;
const P2 = 32_719;
const randomBase = (p: number) => 256 + Math.floor(Math.random() * (p - 512));

interface Span {
  from: number;
  to: number;
}

/**
 * `text` with every run of white space made one space. Only what is not already a single space
 * is replaced: most of a sentence's spaces are, and replacing each of them again (\s+) took
 * most of the time on long contexts.
 */
function oneSpace(text: string): string {
  return text.replace(/\s{2,}|[^\S ]/g, ' ');
}

/** The searchable form of a context: the cleaned text with every run of white space one space, trimmed. */
function needleOf(context: string): string {
  return oneSpace(cleanText(context)).trim();
}

/**
 * Finds contexts in one cleaned text. The text is read once, at the first search: its white-space
 * runs made one space (what a context holds), with a rolling hash of every prefix. A search then
 * costs one hash comparison per candidate start plus one pass over the context; a context already
 * found where it covers the citation (the neighbours of a shared sentence) is not searched again.
 */
export class ContextLocator {
  private readonly found = new Map<string, Span>();
  // Random per text: nobody can build a text whose candidates collide on purpose.
  private readonly b1 = randomBase(P1);
  private readonly b2 = randomBase(P2);
  private index: { collapsed: string; offsets: Int32Array; positions: Int32Array; h1: Int32Array; h2: Int32Array } | null = null;

  constructor(readonly hay: string) {}

  /**
   * Where `context` sits in the text: the nearest start at or before the citation (and no more
   * than four context lengths before it) whose match covers the citation, each single space of
   * the context standing for any run of white space in the text; null when it is not there.
   */
  locate(citation: { start: number; end: number }, context: string): Span | null {
    const needle = needleOf(context);
    if (!needle || this.hay.length === 0) return null;
    const known = this.found.get(needle);
    if (known && known.from <= citation.start && known.to >= citation.end) return known;
    const span = this.search(citation, needle);
    if (span) this.found.set(needle, span);
    return span;
  }

  private build() {
    const { hay, b1, b2 } = this;
    // collapsed[k] comes from hay[offsets[k]]; positions[i] is the collapsed index of hay[i].
    const offsets = new Int32Array(hay.length);
    const positions = new Int32Array(hay.length);
    const parts: string[] = [];
    let k = 0;
    let runStart = -1;
    for (let i = 0; i < hay.length; i++) {
      if (SPACE.test(hay[i])) {
        if (runStart >= 0) {
          positions[i] = k - 1;
          continue;
        }
        runStart = i;
        parts.push(' ');
      } else {
        runStart = -1;
        parts.push(hay[i]);
      }
      offsets[k] = i;
      positions[i] = k;
      k++;
    }
    const collapsed = parts.join('');
    // Prefix hashes, two moduli.
    const h1 = new Int32Array(k + 1);
    const h2 = new Int32Array(k + 1);
    for (let j = 0; j < k; j++) {
      const c = collapsed.charCodeAt(j);
      h1[j + 1] = (h1[j] * b1 + c) % P1;
      h2[j + 1] = (h2[j] * b2 + c) % P2;
    }
    return (this.index = { collapsed, offsets: offsets.subarray(0, k), positions, h1, h2 });
  }

  private search(citation: { start: number; end: number }, needle: string): Span | null {
    const { collapsed, offsets, positions, h1, h2 } = this.index ?? this.build();
    const { b1, b2 } = this;
    const length = needle.length;
    const first = Math.min(citation.start, this.hay.length - 1);
    const lowest = positions[Math.max(0, citation.start - 4 * length)];
    let t1 = 0;
    let t2 = 0;
    let p1 = 1;
    let p2 = 1;
    for (let k = 0; k < length; k++) {
      const c = needle.charCodeAt(k);
      t1 = (t1 * b1 + c) % P1;
      t2 = (t2 * b2 + c) % P2;
      p1 = (p1 * b1) % P1;
      p2 = (p2 * b2) % P2;
    }
    const head = needle.charCodeAt(0);
    for (let j = Math.min(positions[first], collapsed.length - length); j >= lowest; j--) {
      if (collapsed.charCodeAt(j) !== head) continue;
      // (h[j + length] - h[j] * p) mod P, each product under 2^30.
      if ((h1[j + length] - ((h1[j] * p1) % P1) + P1) % P1 !== t1) continue;
      if ((h2[j + length] - ((h2[j] * p2) % P2) + P2) % P2 !== t2) continue;
      if (!collapsed.startsWith(needle, j)) continue;
      // The first match going back covers the citation, or none does: a match starting after
      // the one that covers it ends after it too.
      const to = offsets[j + length - 1] + 1;
      return to >= citation.end ? { from: offsets[j], to } : null;
    }
    return null;
  }
}

const isWordAt = (text: string, i: number) => i >= 0 && i < text.length && WORD.test(text[i]);

/** A locator over `text`'s cleaned form (or the text itself, should cleaning ever change a length). */
export function contextLocator(text: string): ContextLocator {
  // The engine's cleanup keeps every offset; should it ever not, matching on the text itself
  // still finds plain-ASCII sentences, and anything else keeps the engine's context.
  const cleaned = cleanText(text);
  return new ContextLocator(cleaned.length === text.length ? cleaned : text);
}

/**
 * The context of one citation, in the text's own characters, on whole words. Pass one
 * `locator` for every citation of a text: building one reads the whole text.
 * @example readableContext(text, citation) // 'The court held—in a “landmark” ruling—… (2007).'
 */
export function readableContext(
  text: string,
  citation: { start: number; end: number; fullStart: number; context: string },
  locator: ContextLocator = contextLocator(text),
): string {
  const span = locator.locate({ start: citation.fullStart, end: citation.end }, citation.context) ?? locator.locate(citation, citation.context);
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
  const body = oneSpace(text.slice(from, to)).trim();
  return `${cutBefore ? `${ELLIPSIS} ` : ''}${body}${cutAfter ? ` ${ELLIPSIS}` : ''}`;
}

/** Every citation with its readable context (see readableContext); the text is cleaned once. */
export function withReadableContexts<C extends { start: number; end: number; fullStart: number; context: string }>(text: string, citations: C[]): C[] {
  const locator = contextLocator(text);
  return citations.map((c) => ({ ...c, context: readableContext(text, c, locator) }));
}

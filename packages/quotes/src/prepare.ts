/**
 * An opinion made ready for quotations to be looked up in it: its words numbered, and for each
 * word the places it occurs, so a quotation is found from its rarest words instead of by
 * reading the whole opinion for each quote. Prepare an opinion once and check all the brief's
 * quotations from it against the result.
 */
import { MARKER, tokenize } from './words';
import type { OpinionText } from './types';

/** A page label stands between this word and the one before: the two may be halves of one word (`con *253 cerned`). */
export const PAGE_BEFORE = 2;

export interface PreparedOpinion {
  opinion: OpinionText;
  /** Word number of each word of the text, in order. */
  ids: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  /** MARKER, PAGE_BEFORE. */
  flags: Uint8Array;
  /** The word of each number. */
  vocab: string[];
  lookup: Map<string, number>;
  /** How many times each word occurs. */
  counts: Int32Array;
  /** Where word w occurs: positions[offsets[w] .. offsets[w + 1]), ascending. */
  offsets: Int32Array;
  positions: Int32Array;
  /** Scratch space for the search (votes per stretch of the text), reused across quotations. */
  scratch: Float64Array;
}

/** Words per stretch when a quotation's words vote for where it is. */
export const BUCKET = 8;

/**
 * @example const prepared = prepareOpinion(parseOpinionMarkup(html)); checkQuote(quote, prepared, target)
 */
export function prepareOpinion(opinion: OpinionText): PreparedOpinion {
  const w = tokenize(opinion.text);
  const n = w.words.length;
  const lookup = new Map<string, number>();
  const vocab: string[] = [];
  const ids = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const word = w.words[i];
    let id = lookup.get(word);
    if (id === undefined) {
      id = vocab.length;
      vocab.push(word);
      lookup.set(word, id);
    }
    ids[i] = id;
  }
  const counts = new Int32Array(vocab.length);
  for (let i = 0; i < n; i++) counts[ids[i]]++;
  const offsets = new Int32Array(vocab.length + 1);
  for (let v = 0; v < vocab.length; v++) offsets[v + 1] = offsets[v] + counts[v];
  const fill = offsets.slice(0, vocab.length);
  const positions = new Int32Array(n);
  for (let i = 0; i < n; i++) positions[fill[ids[i]]++] = i;

  const flags = w.flags;
  // A page label between two words: mark the word after it.
  let t = 0;
  for (const m of opinion.marks) {
    while (t < n && w.starts[t] < m.offset) t++;
    if (t < n && t > 0 && w.ends[t - 1] <= m.offset) flags[t] |= PAGE_BEFORE;
  }
  return {
    opinion,
    ids,
    starts: w.starts,
    ends: w.ends,
    flags: flags as Uint8Array,
    vocab,
    lookup,
    counts,
    offsets,
    positions,
    scratch: new Float64Array(Math.ceil(n / BUCKET) + 4),
  };
}

export { MARKER };

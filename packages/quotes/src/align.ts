/**
 * Word-by-word alignment of a quotation (one segment between ellipses) with a stretch of the
 * opinion: the passage of that stretch the quotation matches best, and the changes between
 * them. Dynamic programming over (quotation word, opinion word); the passage may begin and end
 * anywhere in the stretch. Each changed word costs 1: a word replaced, added or left out.
 * Free: the quoter's bracketed changes, footnote numbers on either side, and a word split or
 * joined differently (`any one`/`anyone`, a word cut by a page label: `con *253 cerned`).
 */
import { MARKER, PAGE_BEFORE, type PreparedOpinion } from './prepare';
import type { QuoteItem } from './quote-text';

export const Op = {
  Match: 1,
  /** The quotation has another word where the opinion has this one. */
  Sub: 2,
  /** A word of the quotation the opinion does not have here. */
  Ins: 3,
  /** A word of the opinion the quotation leaves out (without an ellipsis). */
  Del: 4,
  /** One quotation word for two opinion words. */
  Merge: 5,
  /** Two quotation words for one opinion word. */
  Split: 6,
  /** A bracketed change standing for one opinion word. */
  Wild: 7,
  /** Bracketed words standing for some opinion words. */
  Span: 8,
  /** A footnote number in the quotation, standing for nothing. */
  SkipQuote: 9,
  /** A footnote number in the opinion, left out of the quotation. */
  SkipOpinion: 10,
  /** A bracketed change standing for no opinion word. */
  WildNone: 11,
} as const;
export type Op = (typeof Op)[keyof typeof Op];

export interface Step {
  op: Op;
  /** Quotation item (-1 for an opinion word left out). */
  item: number;
  /** First opinion word (-1 when none) and how many. */
  word: number;
  words: number;
}

export interface Alignment {
  cost: number;
  /** Opinion words [start, end) the passage covers. */
  start: number;
  end: number;
  steps: Step[];
}

const INF = 1 << 29;
/** Net words added or left out, as a share of the quotation, that the alignment follows. */
const DRIFT = 0.2;

// The alignment's tables, kept between calls (a brief's quotations are aligned one after another).
let scratch = { D: new Int32Array(1 << 14), back: new Uint8Array(1 << 14), aux: new Uint16Array(1 << 14) };

/**
 * The best passage for `items` among the opinion's words [from, to).
 * @param prefer 'first': among equally good passages the earliest; 'last': the latest.
 */
export function align(p: PreparedOpinion, items: QuoteItem[], from: number, to: number, prefer: 'first' | 'last' = 'first'): Alignment {
  const Q = items.length;
  const W = Math.max(0, to - from);
  const cols = W + 1;
  const cells = (Q + 1) * cols;
  if (scratch.D.length < cells) {
    const size = Math.max(cells, scratch.D.length * 2);
    scratch = { D: new Int32Array(size), back: new Uint8Array(size), aux: new Uint16Array(size) };
  }
  const { D, back, aux } = scratch;
  // Row 0 is free (the passage may begin anywhere); every other cell starts out of reach, so a
  // row computes only its band and reads INF outside it.
  D.fill(0, 0, cols);
  D.fill(INF, cols, cells);
  const ids = p.ids;
  const vocab = p.vocab;
  const flags = p.flags;
  const qids = items.map((it) => (it.kind === 'word' ? (p.lookup.get(it.word) ?? -1) : -1));
  // The band: a passage drifts from its diagonal by the words added or left out, by bracketed
  // words standing for more or fewer, and by footnote numbers; beyond DRIFT of that it costs
  // more than any altered quotation may.
  let spans = 0;
  for (const it of items) if (it.kind === 'wild-span') spans += it.max;
  const band = 8 + Math.ceil(DRIFT * Q) + spans;
  const starts = Math.max(0, W - Q);

  for (let i = 1; i <= Q; i++) {
    const it = items[i - 1];
    const row = i * cols;
    const up = (i - 1) * cols;
    const qid = qids[i - 1];
    const qword = it.kind === 'word' ? it.word : '';
    const prev = i > 1 ? items[i - 2] : null;
    const jFrom = Math.max(0, i - band);
    const jTo = Math.min(W, i + starts + band);
    for (let j = jFrom; j <= jTo; j++) {
      // Candidates in order of preference: a later one replaces an earlier only when cheaper, so
      // among equals a word paired with a word (matched, or replaced) wins over one added or left out.
      let best = INF;
      let op = 0;
      let k = 0;
      const o = from + j - 1; // the opinion word this cell ends at
      if (it.kind === 'word') {
        if (j > 0) {
          const same = qid >= 0 && ids[o] === qid;
          best = D[up + j - 1] + (same ? 0 : 1);
          op = same ? Op.Match : Op.Sub;
          if (!same && j > 1 && (qid < 0 || (flags[o] & PAGE_BEFORE) !== 0)) {
            const a = vocab[ids[o - 1]];
            if (qword.length > a.length && qword.startsWith(a) && qword === a + vocab[ids[o]]) {
              const c2 = D[up + j - 2];
              if (c2 < best) { best = c2; op = Op.Merge; }
            }
          }
          if (!same && prev && prev.kind === 'word' && i > 1) {
            const ow = vocab[ids[o]];
            if (ow.length > qword.length && ow.endsWith(qword) && ow === prev.word + qword) {
              const c3 = D[(i - 2) * cols + j - 1];
              if (c3 < best) { best = c3; op = Op.Split; }
            }
          }
        }
        const ci = D[up + j] + (it.marker ? 0 : 1);
        if (ci < best) { best = ci; op = it.marker ? Op.SkipQuote : Op.Ins; }
      } else if (it.kind === 'wild-word') {
        if (j > 0) { best = D[up + j - 1]; op = Op.Wild; }
        const ci = D[up + j] + 1;
        if (ci < best) { best = ci; op = Op.WildNone; }
      } else {
        const lim = Math.min(it.max, j);
        for (let s = 0; s <= lim; s++) {
          const c = D[up + j - s];
          if (c < best) { best = c; op = Op.Span; k = s; }
        }
      }
      // Whatever the item, an opinion word may be left out of the passage.
      if (j > 0) {
        const c = D[row + j - 1] + ((flags[o] & MARKER) !== 0 ? 0 : 1);
        if (c < best) { best = c; op = Op.Del; k = 0; }
      }
      D[row + j] = best;
      back[row + j] = op;
      aux[row + j] = k;
    }
  }

  // The passage may end anywhere: the cheapest end (earliest or latest among equals).
  const last = Q * cols;
  let endJ = 0;
  for (let j = 0; j <= W; j++) {
    const c = D[last + j];
    const b = D[last + endJ];
    // Among equals, one ending on a matched word (`the rule [always] applies` rather than `applies` for `always`).
    if (c < b || (c === b && (prefer === 'last' || (back[last + j] === Op.Match && back[last + endJ] !== Op.Match)))) endJ = j;
  }
  const cost = Q === 0 ? 0 : D[last + endJ];
  // A last word replaced rather than added: end on the opinion word it replaces.
  while (endJ < W && D[last + endJ + 1] === cost && back[last + endJ + 1] === Op.Sub && back[last + endJ] === Op.Ins) endJ++;

  // Back from the end to the first row: the steps, and where the passage begins.
  const steps: Step[] = [];
  let i = Q;
  let j = endJ;
  while (i > 0) {
    const cell = i * cols + j;
    const op = back[cell] as Op;
    const o = from + j - 1;
    switch (op) {
      case Op.Match:
      case Op.Sub:
      case Op.Wild:
        steps.push({ op, item: i - 1, word: o, words: 1 });
        i--; j--;
        break;
      case Op.Merge:
        steps.push({ op, item: i - 1, word: o - 1, words: 2 });
        i--; j -= 2;
        break;
      case Op.Split:
        steps.push({ op, item: i - 2, word: o, words: 1 });
        i -= 2; j--;
        break;
      case Op.Ins:
      case Op.SkipQuote:
      case Op.WildNone:
        steps.push({ op, item: i - 1, word: -1, words: 0 });
        i--;
        break;
      case Op.Span: {
        const s = aux[cell];
        steps.push({ op, item: i - 1, word: s ? o - s + 1 : -1, words: s });
        i--; j -= s;
        break;
      }
      case Op.Del: {
        const skipped = (flags[o] & MARKER) !== 0 ? Op.SkipOpinion : Op.Del;
        steps.push({ op: skipped, item: -1, word: o, words: 1 });
        j--;
        break;
      }
      default:
        throw new Error(`alignment: no step at ${i},${j}`);
    }
  }
  steps.reverse();
  // Leading and trailing opinion words left out are outside the passage, not changes.
  while (steps.length && (steps[0].op === Op.Del || steps[0].op === Op.SkipOpinion)) steps.shift();
  let firstWord = -1;
  let lastWord = -1;
  for (const s of steps) {
    if (s.word >= 0 && s.words > 0) {
      if (firstWord < 0) firstWord = s.word;
      lastWord = s.word + s.words;
    }
  }
  return { cost, start: firstWord < 0 ? from + j : firstWord, end: lastWord < 0 ? from + j : lastWord, steps };
}

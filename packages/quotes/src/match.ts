/**
 * Where in the opinion a quotation is: its rarer words vote for the stretches they occur in
 * (each occurrence votes for the place the quotation would begin), the few best stretches are
 * aligned word by word, and the segments of a quotation with ellipses are found in order after
 * the one most telling of them. The cost does not grow with the opinion's length beyond the
 * occurrences of the quotation's own words.
 */
import { align, type Alignment } from './align';
import { BUCKET, type PreparedOpinion } from './prepare';
import type { ParsedQuote, QuoteSegment } from './quote-text';

export interface Passage {
  /** Changed words in all (0: the quotation is in the opinion as written, allowing for its marked changes). */
  cost: number;
  /** One alignment per segment of the quotation, in order. */
  segments: Alignment[];
  /** Opinion words [start, end) from the first segment's passage to the last one's. */
  start: number;
  end: number;
}

/** Stretches tried per quotation, besides any scoring nearly as well as the best. */
const CANDIDATES = 4;
const MAX_CANDIDATES = 16;

function weightOf(p: PreparedOpinion, seg: QuoteSegment): number {
  const n = p.ids.length || 1;
  let w = 0;
  for (const it of seg.items) {
    if (it.kind !== 'word' || it.marker) continue;
    const id = p.lookup.get(it.word);
    if (id !== undefined) w += Math.log(1 + n / p.counts[id]);
  }
  return w;
}

/** The start of each stretch (opinion word index) where the segment's words cluster, best first. */
function candidateStarts(p: PreparedOpinion, seg: QuoteSegment): number[] {
  // A long quotation's place stands out from the rest; each place tried costs its length squared.
  const few = seg.items.length > 150;
  const n = p.ids.length;
  if (n === 0) return [];
  const known: Array<{ id: number; at: number }> = [];
  seg.items.forEach((it, at) => {
    if (it.kind === 'word' && !it.marker) {
      const id = p.lookup.get(it.word);
      if (id !== undefined) known.push({ id, at });
    } else if (it.kind === 'wild-word') {
      const id = p.lookup.get(it.word);
      if (id !== undefined) known.push({ id, at });
    }
  });
  if (!known.length) return [];
  // The rarest words vote (at least six, or two fifths of them): common words ('the', 'of',
  // 'court') occur everywhere, say little about the place and cost the most to count.
  const sorted = [...known].sort((a, b) => p.counts[a.id] - p.counts[b.id]);
  const common = Math.max(50, n / 20);
  let voters = sorted.slice(0, Math.max(6, Math.ceil(sorted.length * 0.4))).filter((k) => p.counts[k.id] <= common);
  if (!voters.length) voters = sorted.slice(0, 3);

  const votes = p.scratch;
  const touched: number[] = [];
  for (const { id, at } of voters) {
    const weight = Math.log(1 + n / p.counts[id]);
    for (let k = p.offsets[id]; k < p.offsets[id + 1]; k++) {
      const b = Math.floor(Math.max(0, p.positions[k] - at) / BUCKET);
      if (votes[b] === 0) touched.push(b);
      votes[b] += weight;
    }
  }
  const score = (b: number) => votes[b] + (b > 0 ? votes[b - 1] : 0) + votes[b + 1];
  const ranked = touched.map((b) => ({ b, s: score(b) })).sort((x, y) => y.s - x.s || x.b - y.b);
  for (const b of touched) votes[b] = 0;
  const chosen: number[] = [];
  const top = ranked.length ? ranked[0].s : 0;
  for (const { b, s } of ranked) {
    if (chosen.length >= (few ? 4 : MAX_CANDIDATES)) break;
    if (chosen.length >= (few ? 2 : CANDIDATES) && s < 0.9 * top) break;
    if (chosen.some((c) => Math.abs(c - b) <= 2)) continue;
    chosen.push(b);
  }
  return chosen.map((b) => b * BUCKET);
}

/** Opinion words a segment can cover: its words, what bracketed words may stand for, and a fifth more for words it leaves out. */
function reach(seg: QuoteSegment): number {
  let r = 0;
  for (const it of seg.items) r += it.kind === 'wild-span' ? it.max : 1;
  return r + Math.ceil(seg.items.length * 0.2) + 4;
}

/**
 * The passage of the opinion the quotation matches best, or null when none of its words occur.
 * @param fits whether a passage (opinion words [start, end)) is on a page the pin covers: among equally good passages, one that is wins.
 */
export function findPassage(p: PreparedOpinion, quote: ParsedQuote, fits: (start: number, end: number) => boolean = () => false): Passage | null {
  const segs = quote.segments;
  if (!segs.length) return null;
  const n = p.ids.length;
  let anchor = 0;
  let anchorWeight = -1;
  segs.forEach((seg, k) => {
    const w = weightOf(p, seg);
    if (w > anchorWeight) { anchor = k; anchorWeight = w; }
  });
  const starts = candidateStarts(p, segs[anchor]);
  let best: Passage | null = null;
  let bestFits = false;
  for (const s of starts) {
    const seg = segs[anchor];
    const slack = 6 + Math.ceil(seg.items.length * 0.3);
    const from = Math.max(0, s - BUCKET - slack);
    const to = Math.min(n, s + 2 * BUCKET + reach(seg) + slack);
    const a = align(p, seg.items, from, to);
    const parts: Alignment[] = new Array(segs.length);
    parts[anchor] = a;
    let cost = a.cost;
    // After the anchor, each segment within its gap of the one before; before it, likewise backwards.
    let end = a.end;
    for (let k = anchor + 1; k < segs.length; k++) {
      const to2 = Math.min(n, end + segs[k].gapBefore + reach(segs[k]) + 4);
      const r = align(p, segs[k].items, end, to2, 'first');
      parts[k] = r;
      cost += r.cost;
      if (r.end > end) end = r.end;
    }
    let start = a.start;
    for (let k = anchor - 1; k >= 0; k--) {
      const from2 = Math.max(0, start - segs[k + 1].gapBefore - reach(segs[k]) - 4);
      const r = align(p, segs[k].items, from2, start, 'last');
      parts[k] = r;
      cost += r.cost;
      if (r.start < start) start = r.start;
    }
    const candidate: Passage = { cost, segments: parts, start, end };
    const candidateFits = fits(start, end);
    if (!best || cost < best.cost || (cost === best.cost && candidateFits && !bestFits)) {
      best = candidate;
      bestFits = candidateFits;
    }
  }
  return best;
}

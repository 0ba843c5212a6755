/**
 * Reporter pages in an opinion's text: which page a passage is on, for the reporter a brief
 * cites. Star-pagination labels are grouped into one sequence per reporter; a footnote is on
 * the page of its marker, until a label inside it says it runs onto the next.
 */
import type { Footnote, OpinionText, PageMark, PageSeries } from './types';

/** A page label as the parsers read it, before the labels are grouped by reporter. */
export interface RawMark {
  offset: number;
  label: string;
  /** CourtListener's `citation-index`, when the source gives one. */
  citationIndex: number | null;
  /** `*1005` or `**98`: older sources mark a second reporter's pages with two stars. */
  stars: number;
  inFootnote: boolean;
}

const numeric = (label: string): number => (/^\d{1,6}$/.test(label) ? Number(label) : NaN);

/** How far a label may jump past the last of its series and still continue it (a page or two missing from a source). */
const MAX_STEP = 3;

/**
 * Groups page labels into one series per reporter. Labels of one reporter count upwards page
 * by page, so a label goes to the series of its key (citation index, else its stars) it
 * follows most closely (by at most MAX_STEP); one that follows none starts a series. That also
 * splits sources that give both reporters the same citation-index (CAP's Fastcase volumes do:
 * `*1005`, `*267`, `*1006`, `*268` are two reporters). Then series of one key that follow each
 * other in the text without interleaving (a reporter whose labels jump over missing pages) are
 * one again. A label inside a footnote joins the series it belongs in by number without
 * extending it, since footnotes come after the body.
 */
export function groupMarks(raw: RawMark[]): { marks: PageMark[]; series: PageSeries[] } {
  interface Open { key: string; citationIndex: number | null; last: number; min: number; max: number; firstAt: number; lastAt: number; into: number }
  const open: Open[] = [];
  const assigned = new Int32Array(raw.length).fill(-1);
  const keyOf = (m: RawMark) => (m.citationIndex !== null ? `c${m.citationIndex}` : `s${m.stars}`);
  for (let k = 0; k < raw.length; k++) {
    const m = raw[k];
    if (m.inFootnote) continue;
    const key = keyOf(m);
    const v = numeric(m.label);
    let best = -1;
    let bestDelta = Infinity;
    // The latest few series of the key (a real source has one to three; labels in no order would make one per label).
    for (let s = open.length - 1, seen = 0; s >= 0 && seen < 16; s--) {
      const o = open[s];
      if (o.key !== key) continue;
      seen++;
      if (Number.isNaN(v) || Number.isNaN(o.last)) {
        // A roman-numeral page continues the latest series of its key.
        if (best < 0) { best = s; bestDelta = 0; }
        continue;
      }
      const d = v - o.last;
      if (d >= 0 && d <= MAX_STEP && d < bestDelta) { best = s; bestDelta = d; }
    }
    if (best < 0) {
      open.push({ key, citationIndex: m.citationIndex, last: v, min: v, max: v, firstAt: m.offset, lastAt: m.offset, into: -1 });
      best = open.length - 1;
    } else {
      const o = open[best];
      o.lastAt = m.offset;
      if (!Number.isNaN(v)) {
        o.last = v;
        o.min = Number.isNaN(o.min) ? v : Math.min(o.min, v);
        o.max = Number.isNaN(o.max) ? v : Math.max(o.max, v);
      }
    }
    assigned[k] = best;
  }
  // A series that begins after another of its key has ended, higher up, continues it. (Real
  // sources have a handful of series; labels in no order at all would make thousands, and
  // then there is no sequence to mend.)
  for (let y = 1; y < open.length && open.length <= 64; y++) {
    for (let x = 0; x < y; x++) {
      const a = open[x];
      const b = open[y];
      if (a.into >= 0 || a.key !== b.key || a.lastAt > b.firstAt || !(a.max < b.min)) continue;
      const interleaved = open.some((c, z) => z !== x && z !== y && c.into < 0 && c.key === a.key && c.firstAt < b.firstAt && c.lastAt > a.lastAt && c.min > a.max);
      if (interleaved) continue;
      b.into = x;
      a.lastAt = b.lastAt;
      a.max = b.max;
      a.last = b.last;
      break;
    }
  }
  const root = (s: number): number => (open[s].into >= 0 ? root(open[s].into) : s);
  for (let k = 0; k < raw.length; k++) if (assigned[k] >= 0) assigned[k] = root(assigned[k]);
  for (let k = 0; k < raw.length; k++) {
    const m = raw[k];
    if (!m.inFootnote) continue;
    const key = keyOf(m);
    const v = numeric(m.label);
    let best = -1;
    for (let s = 0; s < open.length; s++) {
      const o = open[s];
      if (o.key !== key || o.into >= 0) continue;
      if (best < 0) best = s;
      if (!Number.isNaN(v) && v >= o.min && v <= o.max + 1) { best = s; break; }
    }
    if (best < 0) {
      open.push({ key, citationIndex: m.citationIndex, last: v, min: v, max: v, firstAt: m.offset, lastAt: m.offset, into: -1 });
      best = open.length - 1;
    }
    assigned[k] = best;
  }
  // Number the series that remain, in order of appearance.
  const number = new Int32Array(open.length).fill(-1);
  const series: PageSeries[] = [];
  const marks: PageMark[] = raw.map((m, k) => {
    const s = assigned[k];
    if (number[s] < 0) {
      number[s] = series.length;
      series.push({ citationIndex: open[s].citationIndex });
    }
    return { offset: m.offset, label: m.label, series: number[s] };
  });
  return { marks, series };
}

/** Binary search: the last index i in [0, n) with pred(i) true, or -1 (pred monotone true→false). */
function lastWhere(n: number, pred: (i: number) => boolean): number {
  let lo = 0;
  let hi = n - 1;
  let ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (pred(mid)) { ans = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return ans;
}

/** The pages of one reporter across an opinion's text. */
export class SeriesPages {
  private readonly bodyOffsets: number[] = [];
  private readonly bodyLabels: string[] = [];
  private readonly notes: Array<{ note: Footnote; offsets: number[]; labels: string[] }>;

  /**
   * @param firstPage the case's first page in this reporter: the page of the text before the first label.
   */
  constructor(opinion: OpinionText, readonly series: number, readonly firstPage: string) {
    this.notes = opinion.footnotes.map((note) => ({ note, offsets: [] as number[], labels: [] as string[] }));
    for (const m of opinion.marks) {
      if (m.series !== series) continue;
      const f = this.footnoteAt(m.offset);
      if (f >= 0) {
        this.notes[f].offsets.push(m.offset);
        this.notes[f].labels.push(m.label);
      } else {
        this.bodyOffsets.push(m.offset);
        this.bodyLabels.push(m.label);
      }
    }
  }

  private footnoteAt(offset: number): number {
    const k = lastWhere(this.notes.length, (i) => this.notes[i].note.start <= offset);
    return k >= 0 && offset < this.notes[k].note.end ? k : -1;
  }

  private bodyPageAt(offset: number): string {
    const k = lastWhere(this.bodyOffsets.length, (i) => this.bodyOffsets[i] <= offset);
    return k >= 0 ? this.bodyLabels[k] : this.firstPage;
  }

  /** The page the character at `offset` is on. */
  pageAt(offset: number): string {
    const f = this.footnoteAt(offset);
    if (f < 0) return this.bodyPageAt(offset);
    const n = this.notes[f];
    const k = lastWhere(n.offsets.length, (i) => n.offsets[i] <= offset);
    if (k >= 0) return n.labels[k];
    return this.bodyPageAt(n.note.refOffset >= 0 ? n.note.refOffset : offset);
  }

  /** Every page a passage from `start` to `end` touches, in order (a passage in the body crossing labels lists each). */
  pagesOf(start: number, end: number): string[] {
    const first = this.pageAt(start);
    const pages = [first];
    const fs = this.footnoteAt(start);
    const fe = this.footnoteAt(Math.max(start, end - 1));
    if (fs < 0 && fe < 0) {
      for (let i = 0; i < this.bodyOffsets.length; i++) {
        const o = this.bodyOffsets[i];
        if (o > start && o < end && pages[pages.length - 1] !== this.bodyLabels[i]) pages.push(this.bodyLabels[i]);
      }
    } else {
      const last = this.pageAt(Math.max(start, end - 1));
      if (last !== first) pages.push(last);
    }
    return pages;
  }
}

/** How far after the case's first page its first label may be: sources leave out head matter (a syllabus, headnotes) of a page or more. */
const FIRST_LABEL_REACH = 8;

/**
 * The series that counts the pages of a case whose first page is `firstPage`: the one whose
 * lowest label comes right after it (or is it); failing that, the one carrying the case
 * citation's `citationIndex` (its place among the case's citations, as CourtListener's
 * `citation-index` counts them) when the caller knows it. -1 when none does.
 * @example seriesFor(opinion, '1004') // the A.3d labels (1005, 1006, ...), not the Conn. App. ones (267, ...)
 */
export function seriesFor(opinion: OpinionText, firstPage: string, citationIndex?: number | null): number {
  const p = numeric(firstPage);
  // The source's own word, when the caller knows which of the case's citations this is and one series carries that index.
  const byIndex = citationIndex == null ? [] : opinion.series.map((s, k) => (s.citationIndex === citationIndex ? k : -1)).filter((k) => k >= 0);
  if (Number.isNaN(p)) return byIndex.length === 1 ? byIndex[0] : -1;
  const min = new Array<number>(opinion.series.length).fill(Infinity);
  for (const m of opinion.marks) {
    const v = numeric(m.label);
    if (!Number.isNaN(v) && v < min[m.series]) min[m.series] = v;
  }
  let best = -1;
  for (let s = 0; s < min.length; s++) {
    const d = min[s] - p;
    if (d >= 0 && d <= FIRST_LABEL_REACH && (best < 0 || d < min[best] - p)) best = s;
  }
  if (best < 0 && byIndex.length === 1 && min[byIndex[0]] >= p) return byIndex[0];
  return best;
}

/** Ties footnote bodies to their markers (by target id, else by label, the nearest marker before), and groups the page labels. */
export function finishOpinion(
  text: string,
  raw: RawMark[],
  refs: Array<{ offset: number; label: string; target: string | null; marksBefore?: number }>,
  notes: Array<{ start: number; end: number; label: string; id: string | null }>,
): OpinionText {
  // A marker at the very end of a page, with the next page's label right after it and no text
  // between (`...claim.7 *533 The`), is on the page before the label: say so by the offset of
  // the character before it.
  for (const r of refs) {
    if (r.marksBefore === undefined || r.offset === 0) continue;
    for (let k = r.marksBefore; k < raw.length; k++) {
      if (raw[k].offset === r.offset && !raw[k].inFootnote) { r.offset -= 1; break; }
      if (raw[k].offset > r.offset) break;
    }
  }
  const used = new Uint8Array(refs.length);
  const footnotes: Footnote[] = [];
  const sorted = [...notes].sort((a, b) => a.start - b.start);
  // Markers by target and by label, in text order (refs come in text order).
  const byTarget = new Map<string, number[]>();
  const byLabel = new Map<string, number[]>();
  refs.forEach((r, k) => {
    if (r.target) (byTarget.get(r.target) ?? byTarget.set(r.target, []).get(r.target)!).push(k);
    (byLabel.get(r.label) ?? byLabel.set(r.label, []).get(r.label)!).push(k);
  });
  for (const note of sorted) {
    let ref = -1;
    if (note.id) ref = (byTarget.get(note.id) ?? []).find((k) => !used[k]) ?? -1;
    if (ref < 0 && note.label) {
      const same = byLabel.get(note.label) ?? [];
      // The nearest unused marker before the footnote, else the first unused one.
      for (let j = same.length - 1; j >= 0; j--) {
        const k = same[j];
        if (!used[k] && refs[k].offset <= note.start) { ref = k; break; }
      }
      if (ref < 0) ref = same.find((k) => !used[k]) ?? -1;
    }
    if (ref >= 0) used[ref] = 1;
    // Nested bodies (a footnote inside a footnote container marked the same way) keep the outer one.
    const prev = footnotes[footnotes.length - 1];
    if (prev && note.start < prev.end) continue;
    footnotes.push({ start: note.start, end: note.end, label: note.label, refOffset: ref >= 0 ? refs[ref].offset : -1 });
  }
  raw.sort((a, b) => a.offset - b.offset);
  const { marks, series } = groupMarks(raw);
  return { text, marks, series, footnotes };
}

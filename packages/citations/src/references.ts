/**
 * Reference citations: a party's name and a pin after the case was cited in full (`Foo v.
 * Bar, 1 U.S. 12 ... In Foo at 62, the Court ...`, `Angelopoulos p. *4`). They point into
 * the case like a short form, so they take its verdict; eyecite calls them references.
 *
 * One pass over the text: every `at <pin>` (or `p. *4`, `¶ 12`) is a candidate, and the
 * words before it are compared with the names of the cases cited in full before it. Names
 * too common to mean one case (`State`, `United States`, `People`) never count.
 */
import { blankCitation } from './find';
import { PIN_LIST } from './pins';
import type { Citation } from './types';

const COMMON_NAMES = new Set(['state', 'united states', 'united states of america', 'people', 'commonwealth', 'mass', 'commissioner', 'u.s.', 'government']);

/** eyecite's test for a name that can stand for its case on its own. */
function usableName(name: string | null): name is string {
  return name !== null && name.length > 2 && /^[A-Z]/.test(name) && !name.endsWith('.') && !/^\d+$/.test(name) && !COMMON_NAMES.has(name.toLowerCase());
}

// What follows a name in a reference: `at 62`, `at p. *4`, `p. *4`, `¶ 12` (one scan of the
// text finds every such place; the name before it is checked only there).
const AFTER_NAME = /^(?:,? {0,2})?(?:at {1,3}(?:pp?\. {0,2})?\*?\d|pp?\. {0,2}\*?\d|¶{1,2} {0,2}\d)/;
const MARKER = / (?:at {1,3}(?:pp?\. {0,2})?|pp?\. {0,2}|¶{1,2} {0,2})\*?\d/g;

/** Offsets of the space before each marker, in order, from `from`. */
function markerPositions(text: string, from: number): number[] {
  const out: number[] = [];
  MARKER.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = MARKER.exec(text)) !== null) out.push(m.index);
  return out;
}
const PIN_HERE = new RegExp(String.raw`,? {0,2}((?:at {1,3})?${PIN_LIST})`, 'y');

interface NameOf {
  name: string;
  field: 'plaintiff' | 'defendant';
  cite: Citation;
}

/**
 * Of `names` (in citation order), the one of the latest citation ending by `space` whose
 * name is written just before `space`; of one citation's two parties, the plaintiff. Found
 * by binary search and a walk back, not by looking at every citation of the name: a long
 * document cites its cases again and again.
 */
function latestNamedBefore(clean: string, names: NameOf[], space: number): NameOf | null {
  let lo = 0;
  let hi = names.length - 1;
  let last = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (names[mid].cite.end <= space) {
      last = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  let hit: NameOf | null = null;
  for (let k = last; k >= 0; k--) {
    const x = names[k];
    if (hit && x.cite !== hit.cite) break;
    if (clean.startsWith(x.name, space - x.name.length) && !/[A-Za-z0-9]/.test(clean[space - x.name.length - 1] ?? ' ')) hit = x;
  }
  return hit;
}

/**
 * Reference citations in `text` (cleaned), given the citations found in it (in order);
 * each comes back resolved to the full citation whose party it names.
 */
export function findReferences(original: string, clean: string, citations: Citation[]): Citation[] {
  const fulls = citations.filter((c) => c.type === 'case' && c.form === 'full' && (c.plaintiff || c.defendant));
  if (fulls.length === 0) return [];
  // Names by their last word, for a quick check of the words before each candidate; each
  // list in the order of the citations (so by their start and end).
  const byLastWord = new Map<string, NameOf[]>();
  // By name, the parallels of the citations listed with it: a parallel of one of them adds nothing.
  const parallelsListed = new Map<string, Set<string>>();
  for (const c of fulls) {
    for (const field of ['plaintiff', 'defendant'] as const) {
      const name = c[field];
      if (!usableName(name)) continue;
      const last = name.slice(name.lastIndexOf(' ') + 1);
      const list = byLastWord.get(last) ?? [];
      const covered = parallelsListed.get(name) ?? new Set<string>();
      if (!covered.has(c.normalized as string)) {
        list.push({ name, field, cite: c });
        for (const p of c.parallels) covered.add(p);
      }
      byLastWord.set(last, list);
      parallelsListed.set(name, covered);
    }
  }
  // Citations are in order and do not overlap: the one that could overlap [s, e) is the last
  // starting before e (binary search), or the last reference added here (references are
  // found in order of their markers, each spanning its own, so they come in order too).
  const starts = citations.map((c) => c.start);
  const overlapsTaken = (s: number, e: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    let last = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] < e) {
        last = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const lastReference = out[out.length - 1];
    return (last >= 0 && citations[last].end > s) || (lastReference !== undefined && s < lastReference.end && lastReference.start < e);
  };
  const out: Citation[] = [];
  for (const marker of markerPositions(clean, fulls[0].end)) {
    // The name ends before the marker's space (and any comma before it: `Foo, at 62`).
    let space = marker;
    if (clean[space - 1] === ',') space--;
    while (space > 0 && clean[space - 1] === ' ') space--;
    if (!/[A-Za-z']/.test(clean[space - 1] ?? '')) continue;
    const after = AFTER_NAME.exec(clean.slice(space, space + 24).replace(/^ +/, ''));
    if (!after) continue;
    let w = space;
    while (w > 0 && /[A-Za-z']/.test(clean[w - 1])) w--;
    const candidates = byLastWord.get(clean.slice(w, space));
    if (!candidates) continue;
    const hit = latestNamedBefore(clean, candidates, space);
    if (!hit) continue;
    let pinStart = space;
    while (clean[pinStart] === ' ') pinStart++;
    PIN_HERE.lastIndex = pinStart;
    const pin = PIN_HERE.exec(clean);
    if (!pin) continue;
    const start = space - hit.name.length;
    const end = PIN_HERE.lastIndex;
    if (overlapsTaken(start, end)) continue;
    const c = blankCitation('case', 'reference', original.slice(start, end), start, end);
    c.caseName = hit.name;
    c.pinCite = pin[1].replace(/^at {1,3}/, '').replace(/ {2,}/g, ' ');
    c.normalized = `${hit.name} at ${c.pinCite}`;
    const f = hit.cite;
    c.antecedent = f.normalized;
    c.volume = f.volume;
    c.reporter = f.reporter;
    c.page = f.page;
    c.year = f.year;
    c.court = f.court;
    c.plaintiff = f.plaintiff;
    c.defendant = f.defendant;
    c[hit.field] = hit.name;
    out.push(c);
  }
  return out;
}

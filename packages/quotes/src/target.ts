/**
 * The case a quotation is attributed to, from the citation it is tied to: a full citation
 * with its parallel citations, or the full citation a short form (`Id. at 1006`, `Dyous, 100
 * A.3d at 1008`, `Dyous, supra, at 1008`) stands for, using the citation engine's resolution.
 * Each reporter's citation carries the pin that applies to it.
 */
import type { Citation } from '@citecheck/citations';
import { pinPages } from './pins';
import type { BriefQuote, CiteTarget, QuoteTarget, UncheckedReason } from './types';

// eyecite's bound on an opinion's length, as the citation engine uses it for `Id.`.
const MAX_OPINION_PAGES = 150;

const firstPinPage = (pin: string | null): number | null => pinPages(pin)?.[0]?.[0] ?? null;

/** Whether `pin` can be a page of the case starting at `page`. */
function fits(page: string | null, pin: string | null): boolean {
  if (!page || !/^\d+$/.test(page)) return false;
  const at = firstPinPage(pin);
  return at !== null && at >= Number(page) && at <= Number(page) + MAX_OPINION_PAGES;
}

/** The members of the parallel group `full` belongs to, in the order written (itself included). */
function groupOf(citations: Citation[], at: number): number[] {
  const full = citations[at];
  const members = [at];
  for (let k = at - 1; k >= 0; k--) {
    const c = citations[k];
    if (c.form !== 'full' || !full.parallels.includes(c.normalized ?? '') || !c.parallels.includes(full.normalized ?? '')) break;
    members.unshift(k);
  }
  for (let k = at + 1; k < citations.length; k++) {
    const c = citations[k];
    if (c.form !== 'full' || !full.parallels.includes(c.normalized ?? '') || !c.parallels.includes(full.normalized ?? '')) break;
    members.push(k);
  }
  return members;
}

const cite = (c: Citation, pin: string | null): CiteTarget => ({
  normalized: c.normalized ?? '',
  volume: c.volume,
  reporter: c.reporter,
  page: c.page ?? '',
  pin,
});

/** The citation (index) a short form stands for: its antecedent, the latest full citation written so before it. */
function antecedentOf(citations: Citation[], at: number): number {
  const c = citations[at];
  if (c.antecedent) {
    for (let k = at - 1; k >= 0; k--) if (citations[k].form === 'full' && citations[k].normalized === c.antecedent) return k;
  }
  if (c.form === 'id' && at > 0 && citations[at - 1].type === 'case') {
    // `Id. at 1006` after a parallel group (`153 Conn. App. 266, 268, 100 A.3d 1004, 1006`):
    // the engine resolves Id. only when its pin fits the group's first citation; the pin may
    // fit another member. Id. refers to the citation just before it.
    const before = citations[at - 1].form === 'full' ? at - 1 : antecedentOf(citations, at - 1);
    if (before >= 0 && groupOf(citations, before).some((m) => fits(citations[m].page, c.pinCite))) return before;
  }
  return -1;
}

/** The pin an `Id.` without one repeats: the pin of the citation just before it, with that citation's reporter. */
function inheritedPin(citations: Citation[], at: number): { pin: string | null; volume: number | null; reporter: string | null } {
  for (let k = at - 1; k >= 0; k--) {
    const p = citations[k];
    if (p.type !== 'case') break;
    if (p.pinCite) return { pin: p.pinCite, volume: p.volume, reporter: p.reporter };
    if (p.form !== 'id') break;
  }
  return { pin: null, volume: null, reporter: null };
}

/**
 * The case and pins a quotation is checked against, or why it cannot be.
 * @example quoteTarget(quote, citations) // { caseKey: '153 Conn. App. 266', cites: [{ normalized: '153 Conn. App. 266', pin: '268', ... }, { normalized: '100 A.3d 1004', pin: '1006', ... }] }
 */
export function quoteTarget(quote: BriefQuote, citations: Citation[]): QuoteTarget | { reason: UncheckedReason } {
  if (quote.citation === null) return { reason: 'no-citation' };
  const c = citations[quote.citation];
  if (!c || c.type !== 'case') return { reason: 'no-citation' };
  if (c.form === 'full') {
    if (!c.page || /^_+$/.test(c.page)) return { reason: 'unresolved-citation' };
    const group = groupOf(citations, quote.citation);
    const members = group.map((k) => citations[k]);
    return { caseKey: members[0].normalized ?? '', cites: members.filter((m) => m.page).map((m) => cite(m, m.pinCite)) };
  }
  const full = antecedentOf(citations, quote.citation);
  if (full < 0) return { reason: 'unresolved-citation' };
  const members = groupOf(citations, full).map((k) => citations[k]);
  let pin = c.pinCite;
  let volume = c.form === 'short' ? c.volume : null;
  let reporter = c.form === 'short' ? c.reporter : null;
  if (!pin && c.form === 'id') ({ pin, volume, reporter } = inheritedPin(citations, quote.citation));
  // The pin applies to the member in its reporter (a short form names it), else to those it can be a page of.
  const same = members.filter((m) => volume !== null && m.volume === volume && m.reporter === reporter);
  const applies = same.length ? same : members.filter((m) => fits(m.page, pin));
  return {
    caseKey: members[0].normalized ?? '',
    cites: members.filter((m) => m.page).map((m) => cite(m, applies.includes(m) ? pin : null)),
  };
}

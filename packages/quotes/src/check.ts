/**
 * One quotation against its opinion: found word for word (allowing what a lawyer allows) on
 * a page the pin covers → verified; word for word elsewhere → wrong-page, naming the page;
 * a near passage with other words → altered, both shown and the changed words marked;
 * nothing close → not-found. No text → unchecked, with the reason.
 */
import { Op, type Alignment } from './align';
import { findPassage, type Passage } from './match';
import { SeriesPages, seriesFor } from './pages';
import { pinCovers, pinPages, type PageRange } from './pins';
import type { PreparedOpinion } from './prepare';
import { parseQuoteText, type QuoteItem } from './quote-text';
import type { BriefQuote, CiteTarget, DiffPart, QuoteChange, QuoteCheck, QuoteNote, QuoteTarget, UncheckedReason } from './types';

/** Share of the quotation's words a passage must match, in order, to be the altered form of it rather than something else. */
export const ALTERED_SHARE = 0.6;
/** ... and the longest run of matching words it must have. */
export const ALTERED_RUN = 3;

const UNCHECKED: Record<UncheckedReason, string> = {
  'no-text': 'Not checked: the text of this opinion is not available.',
  'case-not-found': 'Not checked: the cited case was not found, so there is no opinion to compare the words with.',
  'no-citation': 'Not checked: no case citation goes with this quotation.',
  'unresolved-citation': 'Not checked: it is not clear which case this citation refers to.',
  'source-unavailable': 'Not checked: the opinion could not be retrieved. Please try again later.',
};

/** How the pages of the cited reporter are told in this opinion. */
interface PageCheck {
  cite: CiteTarget;
  pages: SeriesPages | null;
  /** The whole case is on one page (the caller said so): no labels needed. */
  singlePage: boolean;
  ranges: PageRange[] | null;
}

function pageChecks(prepared: PreparedOpinion, target: QuoteTarget | null): PageCheck[] {
  if (!target) return [];
  return target.cites.map((cite) => {
    const s = seriesFor(prepared.opinion, cite.page, cite.citationIndex);
    const singlePage = s < 0 && !!cite.lastPage && cite.lastPage === cite.page;
    return { cite, pages: s >= 0 ? new SeriesPages(prepared.opinion, s, cite.page) : null, singlePage, ranges: pinPages(cite.pin) };
  });
}

function pagesOf(check: PageCheck, prepared: PreparedOpinion, passage: { start: number; end: number }): string[] | null {
  if (check.singlePage) return [check.cite.page];
  if (!check.pages || passage.end <= passage.start) return null;
  return check.pages.pagesOf(prepared.starts[passage.start], prepared.ends[passage.end - 1]);
}

const pageText = (pages: string[]) => (pages.length === 1 ? pages[0] : `${pages[0]}-${pages[pages.length - 1]}`);
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const quoted = (s: string) => `“${s}”`;

interface Tally {
  matched: number;
  longestRun: number;
}

function tally(segments: Alignment[]): Tally {
  let matched = 0;
  let run = 0;
  let longestRun = 0;
  for (const seg of segments) {
    run = 0;
    for (const s of seg.steps) {
      if (s.op === Op.Match || s.op === Op.Merge || s.op === Op.Split) {
        const n = s.op === Op.Split ? 2 : 1;
        matched += n;
        run += n;
        if (run > longestRun) longestRun = run;
      } else if (s.op === Op.Sub || s.op === Op.Ins || s.op === Op.Del) run = 0;
    }
  }
  return { matched, longestRun };
}

/** The opinion's words for the passage: each segment's words, joined by an ellipsis where the quotation has one. */
function passageText(prepared: PreparedOpinion, segments: Alignment[]): string {
  const text = prepared.opinion.text;
  return segments
    .filter((a) => a.end > a.start)
    .map((a) => collapse(text.slice(prepared.starts[a.start], prepared.ends[a.end - 1])))
    .join(' . . . ');
}

/** Runs of text, changed or not, from words in order: each run from its first word to the next run's first, so punctuation stays. */
function runs(text: string, starts: number[], ends: number[], changed: boolean[], until: number): DiffPart[] {
  const parts: DiffPart[] = [];
  let k = 0;
  while (k < starts.length) {
    let e = k;
    while (e + 1 < starts.length && changed[e + 1] === changed[k]) e++;
    const to = e + 1 < starts.length ? starts[e + 1] : Math.max(until, ends[e]);
    const t = collapse(text.slice(starts[k], to));
    if (t) parts.push({ text: t, changed: changed[k] });
    k = e + 1;
  }
  return parts;
}

/** Both sides word by word with the changes marked, and the changes listed. */
function compare(prepared: PreparedOpinion, quoteText: string, items: QuoteItem[][], segments: Alignment[]): { diff: { quote: DiffPart[]; opinion: DiffPart[] }; changes: QuoteChange[] } {
  const text = prepared.opinion.text;
  const quoteParts: DiffPart[] = [];
  const opinionParts: DiffPart[] = [];
  const changes: QuoteChange[] = [];
  const opinionWords = (from: number, count: number) => collapse(text.slice(prepared.starts[from], prepared.ends[from + count - 1]));
  segments.forEach((seg, k) => {
    const segItems = items[k];
    if (k > 0) {
      quoteParts.push({ text: '. . .', changed: false });
      opinionParts.push({ text: '. . .', changed: false });
    }
    const itemChanged = segItems.map(() => false);
    const wordChanged = new Map<number, boolean>();
    let pendingQuote: string[] = [];
    let pendingOpinion: string[] = [];
    const flush = () => {
      if (!pendingQuote.length && !pendingOpinion.length) return;
      const q = pendingQuote.join(' ');
      const o = pendingOpinion.join(' ');
      changes.push({ kind: q && o ? 'replaced' : q ? 'added' : 'omitted', quote: q, opinion: o });
      pendingQuote = [];
      pendingOpinion = [];
    };
    for (const s of seg.steps) {
      const changed = s.op === Op.Sub || s.op === Op.Ins || s.op === Op.Del;
      if (s.item >= 0) {
        itemChanged[s.item] = changed;
        if (s.op === Op.Split) itemChanged[s.item + 1] = false;
      }
      for (let w = 0; w < s.words; w++) wordChanged.set(s.word + w, changed);
      if (!changed) {
        if (s.op !== Op.SkipQuote && s.op !== Op.WildNone && s.op !== Op.SkipOpinion) flush();
        continue;
      }
      if (s.item >= 0) pendingQuote.push(collapse(quoteText.slice(segItems[s.item].start, segItems[s.item].end)));
      if (s.word >= 0 && s.words > 0) pendingOpinion.push(opinionWords(s.word, s.words));
    }
    flush();
    const qs = segItems.map((it) => it.start);
    const qe = segItems.map((it) => it.end);
    // A bracketed first letter (`[t]he`) is a word from its bracket on: the item starts after it.
    if (qs.length && qs[0] > 0 && quoteText[qs[0] - 1] === '[') qs[0]--;
    const quoteEnd = k === segments.length - 1 ? quoteText.length : qe[qe.length - 1];
    quoteParts.push(...runs(quoteText, qs, qe, itemChanged, quoteEnd));
    if (seg.end > seg.start) {
      const ws: number[] = [];
      const we: number[] = [];
      const wc: boolean[] = [];
      for (let w = seg.start; w < seg.end; w++) {
        ws.push(prepared.starts[w]);
        we.push(prepared.ends[w]);
        wc.push(wordChanged.get(w) ?? false);
      }
      opinionParts.push(...runs(text, ws, we, wc, we[we.length - 1]));
    }
  });
  return { diff: { quote: quoteParts, opinion: opinionParts }, changes };
}

function describe(changes: QuoteChange[]): string {
  const said = changes.slice(0, 3).map((c) =>
    c.kind === 'replaced'
      ? `it says ${quoted(c.opinion)} where the quotation says ${quoted(c.quote)}`
      : c.kind === 'added'
        ? `the quotation adds ${quoted(c.quote)}`
        : `the quotation leaves out ${quoted(c.opinion)} without an ellipsis`,
  );
  const more = changes.length > 3 ? `; and ${changes.length - 3} more change${changes.length - 3 > 1 ? 's' : ''}` : '';
  return said.join('; ') + more;
}

function result(quote: BriefQuote | string, fields: Partial<QuoteCheck> & Pick<QuoteCheck, 'status' | 'message'>): QuoteCheck {
  const text = typeof quote === 'string' ? quote : quote.text;
  const notes: QuoteNote[] = typeof quote === 'string' ? [] : quote.notes;
  return {
    text,
    foundPage: null,
    pin: null,
    pageChecked: false,
    opinionText: null,
    diff: null,
    changes: [],
    reason: null,
    notes,
    ...fields,
  };
}

/**
 * Check one quotation against the opinion of the case it is attributed to.
 * @param against the prepared opinion and the citations (with pins) the quotation is attributed to; or why there is no text.
 * @example
 * checkQuote(quote, { opinion: prepareOpinion(parseOpinionMarkup(html)), target: quoteTarget(quote, citations) })
 * // { text, status: 'verified', foundPage: '1006', message: 'Found on page 1006 of the opinion, as cited.', ... }
 */
export function checkQuote(
  quote: BriefQuote | string,
  against: { opinion: PreparedOpinion; target: QuoteTarget | null } | { reason: UncheckedReason },
): QuoteCheck {
  if ('reason' in against) return result(quote, { status: 'unchecked', message: UNCHECKED[against.reason], reason: against.reason });
  const { opinion: prepared, target } = against;
  const text = typeof quote === 'string' ? quote : quote.text;
  const notes: QuoteNote[] = typeof quote === 'string' ? [] : quote.notes;
  const parsed = parseQuoteText(text, { citationsOmitted: notes.includes('citations-omitted') || notes.includes('cleaned-up') });
  if (parsed.wordCount === 0) return result(quote, { status: 'unchecked', message: 'Not checked: the quotation has no words to compare.', reason: null });

  const checks = pageChecks(prepared, target);
  // The reporters whose pin can be checked: a pin naming pages, and page labels in the text.
  const pinnedAll = checks.filter((c) => c.ranges && (c.pages || c.singlePage));
  /** The first of them whose pin covers the passage, or null. */
  const covering = (passage: { start: number; end: number }) => {
    for (const c of pinnedAll) {
      const pages = pagesOf(c, prepared, passage);
      if (pages && pinCovers(c.ranges!, pages)) return { check: c, pages };
    }
    return null;
  };
  const pinned = pinnedAll[0] ?? null;
  const paged = pinned ?? checks.find((c) => c.pages || c.singlePage) ?? null;
  const fits = (start: number, end: number) => covering({ start, end }) !== null;

  const passage: Passage | null = findPassage(prepared, parsed, fits);
  const notFound = () => result(quote, { status: 'not-found', message: 'These words were not found in the opinion, nor anything close to them.', pin: pinned?.cite.pin ?? null });
  if (!passage || passage.end <= passage.start) return notFound();

  const pages = paged ? pagesOf(paged, prepared, passage) : null;
  const foundPage = pages ? pageText(pages) : null;
  const opinionText = passageText(prepared, passage.segments);

  if (passage.cost === 0) {
    const pin = pinned?.cite.pin ?? paged?.cite.pin ?? checks.find((c) => c.cite.pin)?.cite.pin ?? null;
    if (pinned && pages) {
      const covered = covering(passage);
      if (covered) {
        const at = pageText(covered.pages);
        const where = covered.pages.length > 1 ? `pages ${at}` : `page ${at}`;
        return result(quote, { status: 'verified', foundPage: at, pin: covered.check.cite.pin, pageChecked: true, opinionText, message: `Found on ${where} of the opinion, as cited.` });
      }
      const where = pages.length > 1 ? `pages ${foundPage}` : `page ${foundPage}`;
      return result(quote, {
        status: 'wrong-page',
        foundPage,
        pin,
        pageChecked: true,
        opinionText,
        // With parallel citations, say which reporter's pages these are.
        message: `The words are in the opinion, but on ${where}${checks.length > 1 ? ` of ${pinned.cite.volume ?? ''} ${pinned.cite.reporter ?? ''}`.replace(/ {2,}/g, ' ') : ''}, not on page ${pin} as cited.`,
      });
    }
    let message: string;
    if (pages && !pin) message = `Found in the opinion, on page ${foundPage}; the citation gives no pin page to check.`;
    else if (pages && pin) message = `Found in the opinion, on page ${foundPage}; the pin cite ${quoted(pin)} names no page of this reporter to check.`;
    else if (pin && checks.length) message = `Found in the opinion; its page could not be checked (the text has no page numbers for ${checks.map((c) => c.cite.reporter ?? c.cite.normalized).join(' or ')}).`;
    else message = 'Found in the opinion; its page could not be checked (the text has no page numbers).';
    return result(quote, { status: 'verified', foundPage, pin, pageChecked: false, opinionText, message });
  }

  const { matched, longestRun } = tally(passage.segments);
  if (matched < ALTERED_RUN || matched / parsed.wordCount < ALTERED_SHARE || longestRun < Math.min(ALTERED_RUN, parsed.wordCount)) return notFound();
  const { diff, changes } = compare(prepared, text, parsed.segments.map((s) => s.items), passage.segments);
  const where = foundPage ? ` (page ${foundPage})` : '';
  return result(quote, {
    status: 'altered',
    foundPage,
    pin: pinned?.cite.pin ?? null,
    pageChecked: !!pinned,
    opinionText,
    diff,
    changes,
    message: `The opinion's words differ${where}: ${describe(changes)}.`,
  });
}

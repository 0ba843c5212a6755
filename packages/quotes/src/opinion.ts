/**
 * Which of an opinion's text fields to read, and a case's opinions (majority, concurrences,
 * dissents) joined into one text whose pages run on from one opinion to the next.
 */
import { parseOpinionMarkup } from './markup';
import { finishOpinion, type RawMark } from './pages';
import { parseOpinionPlainText } from './plain';
import type { OpinionField, OpinionFields, OpinionText } from './types';

/**
 * CourtListener's own order of preference for an opinion's text (`OPINION_TEXT_SOURCE_FIELDS`
 * and `with_best_text` in `cl/search/models.py`): `html_with_citations` first (made from the
 * best of the others, `make_get_citations_kwargs` in `cl/citations/utils.py`), then the
 * sources it is made from, plain text last.
 */
export const OPINION_FIELDS: readonly OpinionField[] = [
  'html_with_citations',
  'xml_harvard',
  'html_columbia',
  'html_lawbox',
  'html_anon_2020',
  'html',
  'plain_text',
];

/** Parse one field's content. */
export function parseOpinionField(field: OpinionField, content: string): OpinionText {
  return field === 'plain_text' ? parseOpinionPlainText(content) : parseOpinionMarkup(content);
}

/**
 * An opinion's text from its fields, read in CourtListener's order. Pages are what a quote's
 * pin is checked against, so when the preferred field has no page labels and a later one has
 * (html_with_citations made from a plain_text without stars, beside an html_lawbox with
 * them), the later one is read. Null when every field is empty.
 * @example parseOpinion({ html_with_citations: '<p>text</p>', plain_text: 'text' })?.field // 'html_with_citations'
 */
export function parseOpinion(fields: OpinionFields): { field: OpinionField; opinion: OpinionText } | null {
  let first: { field: OpinionField; opinion: OpinionText } | null = null;
  for (const field of OPINION_FIELDS) {
    const content = fields[field];
    if (typeof content !== 'string' || !content.trim()) continue;
    const opinion = parseOpinionField(field, content);
    if (!opinion.text.trim()) continue;
    if (opinion.marks.length) return { field, opinion };
    first ??= { field, opinion };
  }
  return first;
}

const SEPARATOR = '\n\n';

/**
 * The opinions of one case as one text. A later opinion begins on the page where the one
 * before it ended, so each reporter's last page is carried to the start of the next opinion.
 * @example joinOpinions([majority, dissent]).text // majority.text + '\n\n' + dissent.text
 */
export function joinOpinions(parts: OpinionText[]): OpinionText {
  if (parts.length === 1) return parts[0];
  const texts: string[] = [];
  const raw: RawMark[] = [];
  const notes: Array<{ start: number; end: number; label: string; id: string | null }> = [];
  const refs: Array<{ offset: number; label: string; target: string | null }> = [];
  let base = 0;
  // The last label of each reporter so far (see seriesKey).
  const lastBody = new Map<string, RawMark>();
  parts.forEach((part, k) => {
    if (k > 0) {
      texts.push(SEPARATOR);
      base += SEPARATOR.length;
      // Carry each reporter's last page to the start of this opinion, unless a label stands there.
      for (const [key, m] of lastBody) {
        const here = part.marks.find((pm) => pm.offset === 0 && seriesKey(part, pm.series) === key);
        if (!here) raw.push({ ...m, offset: base, inFootnote: false });
      }
    }
    texts.push(part.text);
    for (const m of part.marks) {
      const s = part.series[m.series];
      const inFootnote = part.footnotes.some((f) => m.offset >= f.start && m.offset < f.end);
      const rm: RawMark = { offset: base + m.offset, label: m.label, citationIndex: s.citationIndex, stars: 1, inFootnote };
      raw.push(rm);
      if (!inFootnote) lastBody.set(seriesKey(part, m.series), rm);
    }
    for (const f of part.footnotes) {
      notes.push({ start: base + f.start, end: base + f.end, label: f.label, id: `${k}:${f.start}` });
      if (f.refOffset >= 0) refs.push({ offset: base + f.refOffset, label: f.label, target: `${k}:${f.start}` });
    }
    base += part.text.length;
  });
  return finishOpinion(texts.join(''), raw, refs, notes);
}

// Series of different parts are the same reporter when their citation index agrees; without
// one, by their position among the part's series (the first reporter's pages, the second's).
function seriesKey(part: OpinionText, series: number): string {
  const ci = part.series[series].citationIndex;
  return ci !== null ? `c${ci}` : `n${series}`;
}

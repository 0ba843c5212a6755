/**
 * Star pagination written into plain text: `*103`, `[*103]`, `**45` (a second reporter),
 * `*Page 500` (Columbia). A star and a number can be other things (a footnote's asterisk, a
 * multiplication), so a label is taken only when it continues its sequence: the first one, or
 * one at most 20 pages after the last of the same kind.
 */
import type { OpinionText } from './types';
import { finishOpinion } from './pages';

/** The last page seen per number of stars, carried across the pieces of one text. */
export type StarState = Map<number, number>;

const STAR = /(^|[\s([])(\[\s?)?(\*{1,2})[ \t]?(?:Page[ \t]+)?(\d{1,5})(\s?\])?(?=[\s)\].,;:]|$)/g;
const MAX_STEP = 20;

/**
 * The text with its star labels taken out, and where each stood.
 * @example scanPlainText('the act of killing Victim *651 was not premeditated', new Map())
 * // { text: 'the act of killing Victim was not premeditated', marks: [{ offset: 26, label: '651', stars: 1 }] }
 */
export function scanPlainText(input: string, state: StarState): { text: string; marks: Array<{ offset: number; label: string; stars: number }> } {
  const marks: Array<{ offset: number; label: string; stars: number }> = [];
  if (input.indexOf('*') < 0) return { text: input, marks };
  const parts: string[] = [];
  let length = 0;
  let last = 0;
  STAR.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = STAR.exec(input))) {
    const stars = m[3].length;
    const value = Number(m[4]);
    const prev = state.get(stars);
    if (prev !== undefined && (value <= prev || value > prev + MAX_STEP)) continue;
    if (m[2] && !m[5]) continue; // `[*103` without its bracket: not a label
    state.set(stars, value);
    const labelStart = m.index + m[1].length;
    let labelEnd = m.index + m[0].length;
    // Take one space after the label with it, so the words around it keep one space between them.
    const before = labelStart > 0 ? input.charCodeAt(labelStart - 1) : 10;
    const after = input.charCodeAt(labelEnd);
    if ((before === 32 || before === 10) && (after === 32 || after === 9)) labelEnd++;
    const piece = input.slice(last, labelStart);
    parts.push(piece);
    length += piece.length;
    marks.push({ offset: length, label: m[4], stars });
    last = labelEnd;
  }
  parts.push(input.slice(last));
  return { text: parts.join(''), marks };
}

/**
 * An opinion's `plain_text` with its star pagination read.
 * @example parseOpinionPlainText('We reverse and remand *655 for proceedings.').marks // [{ offset: 21, label: '655', series: 0 }]
 */
export function parseOpinionPlainText(text: string): OpinionText {
  const clean = text.replace(/\r\n?/g, '\n').replace(/\f/g, '\n\n');
  const scanned = scanPlainText(clean, new Map());
  return finishOpinion(
    scanned.text,
    scanned.marks.map((m) => ({ offset: m.offset, label: m.label, citationIndex: null, stars: m.stars, inFootnote: false })),
    [],
    [],
  );
}

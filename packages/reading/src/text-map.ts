/**
 * Mapping the reader's text back to where it came from. The citation engine reports offsets in
 * the text `toCitationInput` builds (paragraphs joined by blank lines, white space collapsed);
 * an annotator needs the characters of the file itself: a .docx run's text (docx-map.ts) or a
 * PDF text item (pdf-map.ts). Both sides are compared without their white space, which the
 * reader rewrites (collapsed, trimmed, a space between PDF items); every other character the
 * reader keeps as the source has it, except those a source marks droppable (a hyphen the
 * reader removed when it re-joined a word across a line end).
 *
 * When the two agree (the usual case: both come from the same bytes) a character maps to its
 * twin directly. Where they differ (a part the reader takes from elsewhere, a symbol it
 * renders differently) the alignment skips ahead to where they agree again, and a citation
 * whose characters did not all line up is looked for by its text near where it should be.
 */

/** A source's text: every character but white space, in reading order. */
export interface SourceText {
  chars: string;
  /** 1 where the reader may have left the character out (a hyphen at a line end). */
  droppable?: Uint8Array;
}

/** Inclusive range of indexes into SourceText.chars. */
export interface SourceRange {
  from: number;
  to: number;
}

export interface TextMapper {
  /**
   * Where `text.slice(start, end)` of the reader's text is in the source: the first and last
   * of its characters, white space aside. Null when the span has no character but white
   * space, or cannot be found in the source.
   */
  locate(start: number, end: number): SourceRange | null;
}

const WHITE = /\s/;
/** Characters compared to say two texts agree again after a difference. */
const RESYNC_WINDOW = 12;
/** How far ahead (characters, either side) a difference may be made up. */
const RESYNC_REACH = 4096;
/** Comparison work the alignment may spend on differences before giving up on the rest (then each citation is searched for). */
const RESYNC_BUDGET = 20_000_000;

/**
 * Aligns the reader's text with a source's characters.
 * @example
 *   const mapper = mapReaderText(toCitationInput(document).text, docxText(parts));
 *   const range = mapper.locate(citation.start, citation.end); // { from, to } in the .docx's characters
 */
export function mapReaderText(text: string, source: SourceText): TextMapper {
  // The reader's characters without white space, and where each offset of `text` falls among them.
  const strippedAt = new Int32Array(text.length + 1);
  const kept: string[] = [];
  for (let i = 0; i < text.length; i++) {
    strippedAt[i] = kept.length;
    const ch = text[i];
    if (!WHITE.test(ch)) kept.push(ch);
  }
  strippedAt[text.length] = kept.length;
  const reader = kept.join('');
  const chars = source.chars;
  const droppable = source.droppable;
  const twin = align(reader, chars, droppable);

  return {
    locate(start: number, end: number): SourceRange | null {
      const s = strippedAt[Math.max(0, Math.min(start, text.length))];
      const e = strippedAt[Math.max(0, Math.min(end, text.length))];
      if (e <= s) return null;
      if (lined(twin, s, e)) return { from: twin[s], to: twin[e - 1] };
      return search(reader, chars, droppable, twin, s, e);
    },
  };
}

/** twin[i]: the source index of the reader's character i, or -1 where the texts disagree. */
function align(reader: string, chars: string, droppable: Uint8Array | undefined): Int32Array {
  const twin = new Int32Array(reader.length).fill(-1);
  let i = 0;
  let j = 0;
  let budget = RESYNC_BUDGET;
  while (i < reader.length && j < chars.length) {
    if (reader.charCodeAt(i) === chars.charCodeAt(j)) {
      twin[i++] = j++;
      continue;
    }
    if (droppable?.[j]) {
      j++;
      continue;
    }
    if (budget <= 0) break;
    // The nearest place both texts agree again: extra characters in the source, extra ones in
    // the reader, or the same number replaced on both sides.
    const probe = reader.slice(i, i + RESYNC_WINDOW);
    const ahead = chars.slice(j, j + RESYNC_REACH + probe.length);
    const skipSource = ahead.indexOf(probe, 1);
    const back = chars.slice(j, j + RESYNC_WINDOW);
    const readerAhead = reader.slice(i, i + RESYNC_REACH + back.length);
    const skipReader = readerAhead.indexOf(back, 1);
    budget -= ahead.length + readerAhead.length;
    if (skipSource > 0 && (skipReader < 0 || skipSource <= skipReader)) j += skipSource;
    else if (skipReader > 0) i += skipReader;
    else {
      i++;
      j++;
    }
  }
  return twin;
}

/** True when every character of the reader's span [s, e) has its twin, in order and close together. */
function lined(twin: Int32Array, s: number, e: number): boolean {
  let previous = -1;
  for (let k = s; k < e; k++) {
    const t = twin[k];
    if (t < 0 || t <= previous) return false;
    previous = t;
  }
  // A few dropped hyphens fit; a span stretched over much more of the source is not the same words.
  return twin[e - 1] - twin[s] <= 2 * (e - s) + 8;
}

/**
 * A span that did not line up, found by its own characters: of the places the source has them,
 * the one whose surroundings read most like the span's in the reader's text; on a tie, the one
 * with the same ordinal (when both texts have as many), else the nearest to where the
 * alignment says it should be.
 */
function search(reader: string, chars: string, droppable: Uint8Array | undefined, twin: Int32Array, s: number, e: number): SourceRange | null {
  const pattern = reader.slice(s, e);
  const inSource = occurrences(chars, pattern, droppable);
  if (inSource.length === 0) return null;
  if (inSource.length === 1) return inSource[0];
  const inReader: number[] = [];
  for (let at = reader.indexOf(pattern); at >= 0; at = reader.indexOf(pattern, at + 1)) inReader.push(at);
  const ordinal = inReader.length === inSource.length ? inReader.indexOf(s) : -1;
  const expected = expectedAt(twin, s, reader.length, chars.length);
  const score = (range: SourceRange): number => {
    let before = 0;
    while (before < CONTEXT && s - before - 1 >= 0 && range.from - before - 1 >= 0 && reader[s - before - 1] === chars[range.from - before - 1]) before++;
    let after = 0;
    while (after < CONTEXT && e + after < reader.length && range.to + 1 + after < chars.length && reader[e + after] === chars[range.to + 1 + after]) after++;
    return before + after;
  };
  let best = inSource[0];
  let bestScore = -1;
  inSource.forEach((range, k) => {
    const value = score(range);
    const better =
      value > bestScore ||
      (value === bestScore && (k === ordinal || (best !== inSource[ordinal] && Math.abs(range.from - expected) < Math.abs(best.from - expected))));
    if (better) {
      best = range;
      bestScore = value;
    }
  });
  return best;
}

/** Characters either side compared to tell one occurrence of a span from another. */
const CONTEXT = 64;

/** Where the reader's character s should be in the source: from the nearest character before it that lined up. */
function expectedAt(twin: Int32Array, s: number, readerLength: number, sourceLength: number): number {
  for (let k = s - 1; k >= 0 && s - k < 100_000; k--) if (twin[k] >= 0) return twin[k] + (s - k);
  return readerLength === 0 ? 0 : Math.round((s * sourceLength) / readerLength);
}

/** Every place `pattern` occurs in `chars`, droppable characters inside it skipped. */
function occurrences(chars: string, pattern: string, droppable: Uint8Array | undefined): SourceRange[] {
  const found: SourceRange[] = [];
  const first = pattern[0];
  for (let at = chars.indexOf(first); at >= 0; at = chars.indexOf(first, at + 1)) {
    let j = at;
    let k = 0;
    while (k < pattern.length && j < chars.length) {
      if (chars[j] === pattern[k]) {
        j++;
        k++;
      } else if (droppable?.[j] && k > 0) j++;
      else break;
    }
    if (k === pattern.length) found.push({ from: at, to: j - 1 });
  }
  return found;
}

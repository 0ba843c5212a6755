/**
 * A .docx's text as its XML holds it, character by character, for mapping the reader's offsets
 * back to the runs they came from (text-map.ts), so a comment can be anchored on a citation's
 * own words. It walks word/document.xml, then the footnotes and endnotes in the order the
 * reader takes them (docx.ts: notes in reference order, footnotes first), and reads the same
 * elements mammoth reads: `w:t` text, hyphen elements, runs in hyperlinks, insertions, content
 * controls, smart tags, tables, and text boxes (which mammoth puts after their paragraph);
 * deleted text, field codes and the `mc:Choice` branch are skipped as mammoth skips them.
 *
 * Positions are offsets into each part's XML as a string, so the caller can insert markup at
 * them and leave every other character as it was. Nothing here resolves entities beyond XML's
 * five and character references (docx.ts already refused DOCTYPE and ENTITY declarations).
 */
import type { SourceText } from './text-map';

export type DocxPartName = 'document' | 'footnotes' | 'endnotes';

/** One `w:r` element, as written. */
export interface DocxRun {
  part: number;
  /** Offset of `<w:r`. */
  start: number;
  /** `<w:r ...>` as written, to open the run again after a split. */
  openTag: string;
  /** `<w:rPr>...</w:rPr>` as written when it is the run's first child, else ''. */
  properties: string;
  /** After the open tag and the properties: where the run's content begins. */
  contentStart: number;
  /** Offset of `</w:r>`. */
  closeStart: number;
  /**
   * After the end tag of the outermost element between the paragraph and the run (an insertion,
   * a hyperlink, a content control), or null when the run is the paragraph's own child.
   */
  outerEnd: number | null;
}

/** An element standing for text: `w:t`, or one standing for one character (`w:noBreakHyphen`). */
export interface DocxTextNode {
  run: number;
  /** Offset of the element's `<`. */
  start: number;
  /** After the open tag (`w:t`); equals `end` for an empty element. */
  openEnd: number;
  /** Offset of the end tag (`w:t`); equals `end` for an empty element. */
  closeStart: number;
  /** After the element. */
  end: number;
  /** `w:t` only: the XML offset of each character of its decoded text, then closeStart. */
  offsets: number[] | null;
  /** `w:t` only: whether it keeps its spaces (`xml:space="preserve"`). */
  preserve: boolean;
  /** `w:t` only: whether its tag has an `xml:space` attribute at all. */
  hasSpaceAttribute: boolean;
  /** False inside a text box or a fallback branch, where a comment cannot be anchored. */
  anchorable: boolean;
}

export interface DocxPart {
  name: DocxPartName;
  xml: string;
}

export interface DocxTextMap extends SourceText {
  parts: DocxPart[];
  runs: DocxRun[];
  nodes: DocxTextNode[];
  /** For each character of `chars`: its node (index into nodes) and its index in the node's text. */
  nodeOf: Int32Array;
  charOf: Int32Array;
  /** Each note's characters: indexes into `chars` (inclusive), by kind and id. */
  notes: { kind: 'footnote' | 'endnote'; id: string; from: number; to: number }[];
  /** The body's note references, in order: the element in document.xml and the run holding it. */
  references: { kind: 'footnote' | 'endnote'; id: string; run: number; start: number; end: number }[];
  /**
   * The body's first paragraph in document.xml: after its open tag and properties, and the offset of
   * its end tag; null when the body has no paragraph with content room (every one self-closed).
   */
  firstParagraph: { contentStart: number; closeStart: number } | null;
}

/** Elements whose content mammoth reads (body-reader.js); anything else is skipped whole. */
const READ = new Set([
  'w:document', 'w:body', 'w:footnotes', 'w:endnotes', 'w:footnote', 'w:endnote',
  'w:p', 'w:r', 'w:hyperlink', 'w:tbl', 'w:tr', 'w:tc', 'w:sdt', 'w:sdtContent', 'w:customXml',
  'w:ins', 'w:moveTo', 'w:smartTag', 'w:object', 'w:drawing', 'w:pict', 'v:roundrect', 'v:shape',
  'v:textbox', 'w:txbxContent', 'v:group', 'v:rect', 'mc:AlternateContent', 'mc:Fallback',
]);
/** Inside these, text is read but no comment may start or end: Word shows another branch, or a text box. */
const UNANCHORABLE = new Set(['w:pict', 'mc:Fallback', 'w:txbxContent', 'v:textbox']);
/** Elements that stand for one character of text (body-reader.js). */
const CHARACTER: Record<string, string> = { 'w:noBreakHyphen': '\u2011', 'w:softHyphen': '\u00ad', 'w:sym': '\ufffc' };

const TAG = /<(\/?)([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>/g;

/** A part's text as a run of characters, before the parts are put in reading order. */
interface Piece {
  chars: string[];
  nodes: number[];
  offsets: number[];
}
const piece = (): Piece => ({ chars: [], nodes: [], offsets: [] });

/**
 * The characters of a .docx's text (white space left out) with the run each came from.
 * `parts.document` is word/document.xml as a string; notes parts are optional.
 * @example
 *   const map = docxTextMap({ document: xml, footnotes: notesXml });
 *   const { from } = mapReaderText(text, map).locate(c.start, c.end)!;
 *   map.nodes[map.nodeOf[from]]; // the w:t the citation starts in
 */
export function docxTextMap(parts: { document: string; footnotes?: string; endnotes?: string }): DocxTextMap {
  const map: DocxTextMap = { chars: '', parts: [], runs: [], nodes: [], nodeOf: new Int32Array(0), charOf: new Int32Array(0), notes: [], references: [], firstParagraph: null };
  const body = walk(map, 'document', parts.document);
  const notes = { footnotes: parts.footnotes ? walk(map, 'footnotes', parts.footnotes) : null, endnotes: parts.endnotes ? walk(map, 'endnotes', parts.endnotes) : null };

  const ordered: { piece: Piece; note?: { kind: 'footnote' | 'endnote'; id: string } }[] = [{ piece: body.main }];
  map.references = body.references.filter((r): r is typeof r & { run: number; start: number; end: number } => r.run !== undefined);
  for (const type of ['footnotes', 'endnotes'] as const) {
    const read = notes[type];
    if (!read) continue;
    const kind = type === 'footnotes' ? 'footnote' : 'endnote';
    const seen = new Set<string>();
    // In the order the body refers to them, then any never referred to, in the part's order (docx.ts).
    for (const id of [...body.references.filter((r) => r.kind === kind).map((r) => r.id), ...read.notes.keys()]) {
      const note = read.notes.get(id);
      if (!note || seen.has(id)) continue;
      seen.add(id);
      ordered.push({ piece: note, note: { kind, id } });
    }
  }
  const total = ordered.reduce((n, p) => n + p.piece.chars.length, 0);
  map.nodeOf = new Int32Array(total);
  map.charOf = new Int32Array(total);
  const chars: string[] = [];
  for (const { piece: p, note } of ordered) {
    if (note && p.chars.length) map.notes.push({ ...note, from: chars.length, to: chars.length + p.chars.length - 1 });
    for (let k = 0; k < p.chars.length; k++) {
      map.nodeOf[chars.length] = p.nodes[k];
      map.charOf[chars.length] = p.offsets[k];
      chars.push(p.chars[k]);
    }
  }
  map.chars = chars.join('');
  return map;
}

interface Walked {
  /** The part's body text (document.xml), or nothing (notes parts). */
  main: Piece;
  /** Notes parts: each note's text by id, in the part's order. */
  notes: Map<string, Piece>;
  /** Note references in reading order; in document.xml with the run and the element's offsets (self-closed ones). */
  references: { kind: 'footnote' | 'endnote'; id: string; run?: number; start?: number; end?: number }[];
}

interface Open {
  name: string;
  /** Offset of `<`. */
  start: number;
  /** Runs whose outermost inline element this is. */
  runs?: number[];
  /** A `w:p`: text-box text to add after it, as mammoth does. */
  extra?: Piece;
}

function walk(map: DocxTextMap, name: DocxPartName, xml: string): Walked {
  const partIndex = map.parts.push({ name, xml }) - 1;
  const result: Walked = { main: piece(), notes: new Map(), references: [] };
  const stack: Open[] = [];
  let target: Piece = result.main;
  const targets: Piece[] = [];
  let skipping = 0;
  let skipStart = -1;
  let run: number | null = null;
  let text: { start: number; openEnd: number; preserve: boolean; hasSpaceAttribute: boolean } | null = null;
  let unanchorable = 0;
  let firstParagraphOpen: Open | null = null;
  let pendingFirst: { contentStart: number } | null = null;

  const emit = (ch: string, node: number, offset: number): void => {
    target.chars.push(ch);
    target.nodes.push(node);
    target.offsets.push(offset);
  };
  const addNode = (node: Omit<DocxTextNode, 'run' | 'anchorable'>): number => {
    return map.nodes.push({ ...node, run: run ?? -1, anchorable: run !== null && unanchorable === 0 }) - 1;
  };

  TAG.lastIndex = 0;
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    const [whole, closing, tag, attributes, selfClosing] = m;
    if (!tag) continue; // comment, processing instruction, CDATA
    const at = m.index;
    const after = at + whole.length;

    if (skipping > 0) {
      if (closing) skipping--;
      else if (!selfClosing) skipping++;
      if (skipping === 0 && run !== null && skipStart >= 0) {
        // The run's properties, kept to open the run again after a split.
        const current = map.runs[run];
        if (current.contentStart <= skipStart && xml.slice(current.contentStart, skipStart).trim() === '') {
          current.properties = xml.slice(skipStart, after);
          current.contentStart = after;
        }
        skipStart = -1;
      }
      continue;
    }

    if (closing) {
      const open = stack.pop();
      if (!open) continue;
      if (open.name === 'w:t' && text && run !== null) {
        const offsets: number[] = [];
        const decoded = decode(xml, text.openEnd, at, offsets);
        const node = addNode({ start: text.start, openEnd: text.openEnd, closeStart: at, end: after, offsets, preserve: text.preserve, hasSpaceAttribute: text.hasSpaceAttribute });
        for (let k = 0; k < decoded.length; k++) if (!/\s/.test(decoded[k])) emit(decoded[k], node, k);
        text = null;
      } else if (open.name === 'w:r') {
        if (run !== null) map.runs[run].closeStart = at;
        run = null;
      } else if (open.name === 'w:p') {
        if (open === firstParagraphOpen && pendingFirst) map.firstParagraph = { contentStart: pendingFirst.contentStart, closeStart: at };
        if (open.extra) for (let k = 0; k < open.extra.chars.length; k++) emit(open.extra.chars[k], open.extra.nodes[k], open.extra.offsets[k]);
      } else if (open.name === 'w:pict') {
        target = targets.pop() ?? result.main;
      }
      if (open.runs) for (const r of open.runs) map.runs[r].outerEnd = after;
      if (UNANCHORABLE.has(open.name)) unanchorable--;
      if ((open.name === 'w:footnote' || open.name === 'w:endnote') && stack.every((o) => o.name !== open.name)) target = result.main;
      continue;
    }

    if (!READ.has(tag)) {
      if (run !== null && (tag === 'w:t' || tag in CHARACTER || tag === 'w:footnoteReference' || tag === 'w:endnoteReference')) {
        if (tag === 'w:t') {
          if (selfClosing) continue;
          text = { start: at, openEnd: after, preserve: /\bxml:space\s*=\s*["']preserve["']/.test(attributes), hasSpaceAttribute: /\bxml:space\s*=/.test(attributes) };
          stack.push({ name: tag, start: at });
          continue;
        }
        if (tag in CHARACTER) {
          const node = addNode({ start: at, openEnd: after, closeStart: after, end: after, offsets: null, preserve: false, hasSpaceAttribute: false });
          emit(CHARACTER[tag], node, 0);
          if (!selfClosing) {
            skipping = 1;
            skipStart = -1;
          }
          continue;
        }
        const id = /\bw:id\s*=\s*["']([^"']*)["']/.exec(attributes)?.[1];
        const kind = tag === 'w:footnoteReference' ? 'footnote' : 'endnote';
        if (id !== undefined) result.references.push(selfClosing && unanchorable === 0 ? { kind, id, run, start: at, end: after } : { kind, id });
      }
      if (!selfClosing) {
        skipping = 1;
        skipStart = run !== null && stack.at(-1)?.name === 'w:r' && tag === 'w:rPr' ? at : -1;
      }
      continue;
    }

    // An element whose content is read.
    if ((tag === 'w:footnote' || tag === 'w:endnote') && /\bw:type\s*=\s*["'](separator|continuationSeparator)["']/.test(attributes)) {
      if (!selfClosing) {
        skipping = 1;
        skipStart = -1;
      }
      continue;
    }
    if (selfClosing) continue;
    const open: Open = { name: tag, start: at };
    if (tag === 'w:footnote' || tag === 'w:endnote') {
      const id = /\bw:id\s*=\s*["']([^"']*)["']/.exec(attributes)?.[1] ?? String(result.notes.size);
      const note = piece();
      result.notes.set(id, note);
      target = note;
    } else if (tag === 'w:r') {
      run = map.runs.push({ part: partIndex, start: at, openTag: whole, properties: '', contentStart: after, closeStart: after, outerEnd: null }) - 1;
      // The outermost element between the nearest paragraph and this run, if any.
      const p = lastIndexWhere(stack, (o) => o.name === 'w:p');
      if (p >= 0 && p + 1 < stack.length) (stack[p + 1].runs ??= []).push(run);
    } else if (tag === 'w:p') {
      open.extra = undefined;
      if (name === 'document' && !firstParagraphOpen && unanchorable === 0 && stack.some((o) => o.name === 'w:body')) {
        firstParagraphOpen = open;
        pendingFirst = { contentStart: after };
        // Properties come first; the comment range starts after them.
        const head = xml.slice(after, after + 65536);
        const properties = /^\s*<w:pPr\b[^>]*\/>/.exec(head) ?? /^\s*<w:pPr\b[\s\S]*?<\/w:pPr>/.exec(head);
        if (properties) pendingFirst.contentStart = after + properties[0].length;
      }
    } else if (tag === 'w:pict') {
      // mammoth reads a picture's text box after the paragraph it sits in.
      const paragraph = stack[lastIndexWhere(stack, (o) => o.name === 'w:p')];
      if (paragraph) {
        paragraph.extra ??= piece();
        targets.push(target);
        target = paragraph.extra;
      } else targets.push(target);
    }
    if (UNANCHORABLE.has(tag)) unanchorable++;
    stack.push(open);
  }
  return result;
}

function lastIndexWhere<T>(items: T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML character data between `from` and `to`, with each decoded character's offset. */
function decode(xml: string, from: number, to: number, offsets: number[]): string {
  let out = '';
  for (let i = from; i < to; ) {
    if (xml[i] === '&') {
      const semi = xml.indexOf(';', i);
      if (semi > i && semi < to && semi - i <= 12) {
        const name = xml.slice(i + 1, semi);
        let value: string | undefined = NAMED[name];
        if (value === undefined && name.startsWith('#')) {
          const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
          if (Number.isFinite(code) && code >= 0 && code <= 0x10ffff) value = String.fromCodePoint(code);
        }
        if (value !== undefined) {
          // A reference decoding to two UTF-16 units: both point at the reference.
          for (let k = 0; k < value.length; k++) offsets.push(i);
          out += value;
          i = semi + 1;
          continue;
        }
      }
    }
    offsets.push(i);
    out += xml[i];
    i++;
  }
  offsets.push(to);
  return out;
}

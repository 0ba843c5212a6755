/**
 * The annotated .docx: a Word comment on each flagged citation's own words (in the body or in a
 * footnote or endnote), a summary comment on the first paragraph, and nothing else changed.
 *
 * Only insertions are made, at offsets docx-map.ts (in @citecheck/reading) found in the XML as
 * written: `w:commentRangeStart`/`w:commentRangeEnd` around the citation, a run with its
 * `w:commentReference` after it, and where a comment starts or ends inside a run, the run closed
 * and opened again with its own properties (`xml:space="preserve"` added to its text so no space
 * is lost). Styles, numbering, headers, footers, tracked changes and every part not named
 * below keep their bytes; the ZIP entries of parts not changed are copied as they were (zip.ts).
 * Changed: document.xml, the notes parts that hold a flagged citation, comments.xml (created,
 * or our comments added after the document's own), and where comments.xml is new, its
 * relationship and content type.
 */
import { docxTextMap, mapReaderText, type DocxRun, type DocxTextMap, type DocxTextNode } from '@citecheck/reading/positions';
import { AnnotateError } from './errors';
import { commentLines, countFindings, findingOf, nameStart, quoteLine, summaryLines, type CitationToAnnotate, type QuoteCheck } from './findings';
import type { AnnotateInput, AnnotateResult, Placed } from './types';
import { entryData, findEntry, readZip, writeZip, type ZipArchive } from './zip';

const W_MAIN = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const REL = {
  transitional: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  strict: 'http://purl.oclc.org/ooxml/officeDocument/relationships',
};
const EMPTY_RELS = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
const COMMENTS_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml';

/** One thing to insert at a place in a run (or between runs). */
interface Mark {
  part: number;
  /** Where in the XML, before the character it precedes. */
  raw: number;
  run: DocxRun;
  /** Set when `raw` falls inside this `w:t`'s text: the text element is split too. */
  text: DocxTextNode | null;
  order: number;
  markup: string;
  /** Goes exactly at `raw`, between elements (a reference after the element the citation ends in). */
  outside?: boolean;
}

/** Inserted markup by part and offset, applied from the end so offsets stay true. */
interface Insertion {
  at: number;
  order: number;
  markup: string;
}

/**
 * @example
 *   const { text } = toCitationInput(await readDocument(bytes));
 *   const { bytes: annotated } = annotateDocx(bytes, { text, citations, checkedAt: new Date() });
 */
export function annotateDocx(input: Buffer, options: AnnotateInput): AnnotateResult {
  const archive = readZip(input);
  const rels = partText(archive, 'word/_rels/document.xml.rels', false) ?? '';
  const relTargets = relationships(rels);
  const documentXml = partText(archive, 'word/document.xml', true)!;
  if (!new RegExp(`xmlns:w\\s*=\\s*["']${escapeRegExp(W_MAIN)}["']`).test(documentXml.slice(0, 4096))) throw new AnnotateError('docx-unsupported');
  const footnotesPath = relTargets.get('footnotes');
  const endnotesPath = relTargets.get('endnotes');
  const footnotes = footnotesPath ? partText(archive, footnotesPath, false) : null;
  const endnotes = endnotesPath ? partText(archive, endnotesPath, false) : null;

  const map = docxTextMap({ document: documentXml, footnotes: footnotes ?? undefined, endnotes: endnotes ?? undefined });
  const mapper = mapReaderText(options.text, map);
  const includeValid = options.includeValid === true;
  const counts = countFindings(options.citations, includeValid);

  let nextId = firstFreeCommentId([documentXml, footnotes ?? '', endnotes ?? '', relTargets.get('comments') ? (partText(archive, relTargets.get('comments')!, false) ?? '') : '']);
  const marks: Mark[] = [];
  const comments: { id: number; lines: string[] }[] = [];
  const placed: Placed[] = [];
  const unplaced: Placed[] = [];
  const summaryId = nextId++;

  for (const citation of options.citations) {
    const finding = findingOf(citation, includeValid);
    if (!finding) continue;
    const anchor = anchorOf(map, mapper, options.text, citation);
    if (!anchor) {
      unplaced.push({ citation, finding });
      continue;
    }
    // Quotations found near the citation get their own comment; the rest are said in the citation's.
    const inline: QuoteCheck[] = [];
    for (const quote of finding.quotes) {
      const at = quoteAnchor(map, mapper, options.text, citation, quote);
      if (!at) {
        inline.push(quote);
        continue;
      }
      const id = nextId++;
      marks.push(...markAnchor(map, at, id));
      comments.push({ id, lines: withNote(at, [quoteLine(quote), `Attributed to ${citation.text}.`]) });
    }
    const id = nextId++;
    marks.push(...markAnchor(map, anchor, id));
    comments.push({ id, lines: withNote(anchor, commentLines(citation, finding, inline)) });
    placed.push({ citation, finding });
  }
  if (placed.length === 0 && unplaced.length > 0) throw new AnnotateError('positions-unmapped');

  // Insertions per part.
  const insertions: Insertion[][] = map.parts.map(() => []);
  const summaryAt = map.firstParagraph;
  if (summaryAt) {
    insertions[0].push({ at: summaryAt.contentStart, order: 2, markup: `<w:commentRangeStart w:id="${summaryId}"/>` });
    insertions[0].push({ at: summaryAt.closeStart, order: 0, markup: `<w:commentRangeEnd w:id="${summaryId}"/>${referenceRun(summaryId)}` });
  }
  applyMarks(marks, insertions);

  const author = options.author ?? 'CiteCheck';
  const date = options.checkedAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const allComments = [...(summaryAt ? [{ id: summaryId, lines: summaryLines(counts, options.checkedAt, unplaced) }] : []), ...comments];
  const commentXml = allComments.map((c) => commentElement(c.id, c.lines, author, date)).join('');

  const replaced = new Map<string, Buffer>();
  const added: { name: string; data: Buffer }[] = [];
  const paths: Record<string, string | undefined> = { document: 'word/document.xml', footnotes: footnotesPath, endnotes: endnotesPath };
  map.parts.forEach((part, index) => {
    if (insertions[index].length === 0) return;
    replaced.set(paths[part.name]!, Buffer.from(insert(part.xml, insertions[index]), 'utf8'));
  });
  const commentsPath = relTargets.get('comments');
  if (commentsPath && findEntry(archive, commentsPath)) {
    const existing = partText(archive, commentsPath, true)!;
    const close = existing.lastIndexOf('</w:comments>');
    if (close < 0 || !/xmlns:w\s*=/.test(existing.slice(0, 4096))) throw new AnnotateError('docx-unsupported');
    replaced.set(commentsPath, Buffer.from(existing.slice(0, close) + commentXml + existing.slice(close), 'utf8'));
  } else {
    const name = freeName(archive, 'word/comments.xml');
    added.push({ name, data: Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<w:comments xmlns:w="${W_MAIN}">${commentXml}</w:comments>`, 'utf8') });
    const strict = rels.includes(REL.strict);
    const type = `${strict ? REL.strict : REL.transitional}/comments`;
    const target = name.replace(/^word\//, '');
    if (findEntry(archive, 'word/_rels/document.xml.rels')) replaced.set('word/_rels/document.xml.rels', Buffer.from(addRelationship(rels, type, target), 'utf8'));
    else added.push({ name: 'word/_rels/document.xml.rels', data: Buffer.from(addRelationship(EMPTY_RELS, type, target), 'utf8') });
    const types = partText(archive, '[Content_Types].xml', true)!;
    replaced.set('[Content_Types].xml', Buffer.from(addOverride(types, `/${name}`, COMMENTS_CONTENT_TYPE), 'utf8'));
  }
  return { bytes: writeZip(archive, replaced, added), placed, unplaced, counts };
}

/**
 * Largest XML part read (inflated). A 300-page brief's document.xml is a few MB; the reader lets
 * a document expand to 200 MB, which parsed as a string here would hold the caller's thread
 * for seconds.
 */
export const MAX_PART_BYTES = 64 * 1024 * 1024;

/** A part's XML as a string; refused when it does not survive the round trip through UTF-8 unchanged. */
function partText(archive: ZipArchive, name: string, required: boolean): string | null {
  const entry = findEntry(archive, name);
  if (!entry) {
    if (required) throw new AnnotateError('docx-corrupt');
    return null;
  }
  if (entry.size > MAX_PART_BYTES) throw new AnnotateError('docx-too-large');
  const data = entryData(archive, entry);
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff)) throw new AnnotateError('docx-unsupported');
  const text = data.toString('utf8');
  // Bytes that are not UTF-8 would come back as replacement characters: the part would change.
  if (text.includes('\ufffd') && !Buffer.from(text, 'utf8').equals(data)) throw new AnnotateError('docx-unsupported');
  return text;
}

/** The main document's related parts by kind (`footnotes`, `endnotes`, `comments`), as ZIP paths. */
function relationships(rels: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const m of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const type = /\bType\s*=\s*["']([^"']*)["']/.exec(m[0])?.[1] ?? '';
    const target = /\bTarget\s*=\s*["']([^"']*)["']/.exec(m[0])?.[1];
    const external = /\bTargetMode\s*=\s*["']External["']/i.test(m[0]);
    const kind = /\/(footnotes|endnotes|comments)$/.exec(type)?.[1];
    if (!kind || !target || external || targets.has(kind)) continue;
    targets.set(kind, resolvePart(target));
  }
  return targets;
}

function resolvePart(target: string): string {
  const segments = (target.startsWith('/') ? target.slice(1) : `word/${target}`).split('/');
  const out: string[] = [];
  for (const s of segments) {
    if (s === '..') out.pop();
    else if (s !== '.' && s !== '') out.push(s);
  }
  return out.join('/');
}

/** The lowest comment id above every one the document already uses. */
function firstFreeCommentId(parts: string[]): number {
  let max = -1;
  for (const xml of parts) {
    for (const m of xml.matchAll(/<w:(?:comment|commentRangeStart|commentRangeEnd|commentReference)\b[^>]*\bw:id\s*=\s*["'](\d+)["']/g)) max = Math.max(max, Number(m[1]));
  }
  return max + 1;
}

/**
 * Where a comment goes: on the citation's own words in the body, or, for a citation in a
 * footnote or endnote, on the note's reference mark in the body, the comment naming the note.
 * Word takes a comment inside a note, but LibreOffice (7.4, Debian's) refuses to open a .docx
 * with a comment reference in footnotes.xml, and drops a comment whose range is in a note and
 * whose reference is not; a comment on the note's mark opens everywhere and leaves the notes
 * part as it was.
 */
interface Anchor {
  begin: Boundary;
  end: Boundary;
  part: number;
  /** Set for a citation in a note: which note, numbered as the reader sees it. */
  note?: { kind: 'footnote' | 'endnote'; number: number };
}

interface Boundary {
  raw: number;
  run: DocxRun;
  text: DocxTextNode | null;
}

/**
 * From the citation's case name (when the engine or the text shows one right before it) to its
 * end. Null when it cannot be found, or would start or end where Word cannot hold a comment (a
 * text box), or would run from one part or note into another.
 */
function anchorOf(map: DocxTextMap, mapper: ReturnType<typeof mapReaderText>, text: string, c: CitationToAnnotate): Anchor | null {
  const start = nameStart(text, c);
  const ranges = start < c.start ? [mapper.locate(start, c.end), mapper.locate(c.start, c.end)] : [mapper.locate(c.start, c.end)];
  for (const range of ranges) {
    const anchor = range && anchorFor(map, range);
    if (anchor) return anchor;
  }
  return null;
}

function anchorFor(map: DocxTextMap, range: { from: number; to: number }): Anchor | null {
  const first = map.nodes[map.nodeOf[range.from]];
  const last = map.nodes[map.nodeOf[range.to]];
  if (!first.anchorable || !last.anchorable) return null;
  const part = map.runs[first.run].part;
  if (map.runs[last.run].part !== part) return null;
  if (map.parts[part].name === 'document') {
    return { part, begin: boundary(map, first, map.charOf[range.from]), end: boundary(map, last, map.charOf[range.to] + 1) };
  }
  const note = map.notes.find((n) => n.from <= range.from && range.from <= n.to);
  if (!note || range.to > note.to) return null;
  const sameKind = map.references.filter((r) => r.kind === note.kind);
  const index = sameKind.findIndex((r) => r.id === note.id);
  if (index < 0) return null;
  const reference = sameKind[index];
  const run = map.runs[reference.run];
  return { part: run.part, begin: { raw: reference.start, run, text: null }, end: { raw: reference.end, run, text: null }, note: { kind: note.kind, number: index + 1 } };
}

/** The comment's lines, the first naming the note the citation is in. */
function withNote(anchor: Anchor, lines: string[]): string[] {
  if (!anchor.note) return lines;
  return [`In ${anchor.note.kind} ${anchor.note.number}: ${lines[0]}`, ...lines.slice(1)];
}

/** A quotation's words near its citation (within the few thousand characters before it, or just after). */
function quoteAnchor(map: DocxTextMap, mapper: ReturnType<typeof mapReaderText>, text: string, c: CitationToAnnotate, quote: QuoteCheck): Anchor | null {
  const words = quote.text.trim();
  if (words.length < 3) return null;
  const from = Math.max(0, c.start - 4000);
  const window = text.slice(from, Math.min(text.length, c.end + 1000));
  const at = window.lastIndexOf(words, c.start - from);
  const found = at >= 0 ? at : window.indexOf(words);
  if (found < 0) return null;
  const range = mapper.locate(from + found, from + found + words.length);
  return range ? anchorFor(map, range) : null;
}

/** The comment's start, end and reference, as marks before the first and after the last character. */
function markAnchor(map: DocxTextMap, anchor: Anchor, id: number): Mark[] {
  const { part, begin, end } = anchor;
  const marks: Mark[] = [{ part, ...begin, order: 2, markup: `<w:commentRangeStart w:id="${id}"/>` }];
  const lastRun = end.run;
  if (lastRun.outerEnd === null) marks.push({ part, ...end, order: 0, markup: `<w:commentRangeEnd w:id="${id}"/>${referenceRun(id)}` });
  else {
    // The reference goes after the insertion, hyperlink or content control the citation ends in,
    // so a tracked change keeps exactly its own runs.
    marks.push({ part, ...end, order: 0, markup: `<w:commentRangeEnd w:id="${id}"/>` });
    marks.push({ part, raw: lastRun.outerEnd, run: lastRun, text: null, order: 1, markup: referenceRun(id), outside: true });
  }
  return marks;
}

/** The place before character `char` of a node (its length: after the node). */
function boundary(map: DocxTextMap, node: DocxTextNode, char: number): Boundary {
  const run = map.runs[node.run];
  if (!node.offsets) return { raw: char === 0 ? node.start : node.end, run, text: null };
  const length = node.offsets.length - 1;
  if (char <= 0) return { raw: node.start, run, text: null };
  if (char >= length) return { raw: node.end, run, text: null };
  return { raw: node.offsets[char], run, text: node };
}

const referenceRun = (id: number): string => `<w:r><w:commentReference w:id="${id}"/></w:r>`;

/**
 * Turns marks into insertions: outside a run's content they go before or after the run; inside,
 * the run (and its text element, when the place is inside one) is closed and opened again around them.
 */
function applyMarks(marks: Mark[], insertions: Insertion[][]): void {
  const groups = new Map<string, { part: number; at: number; split: 'none' | 'run' | 'text'; run: DocxRun; marks: Mark[] }>();
  const preserve = new Map<string, { part: number; node: DocxTextNode }>();
  for (const mark of marks) {
    let at = mark.raw;
    let split: 'none' | 'run' | 'text' = 'none';
    if (mark.outside) split = 'none';
    else if (mark.text) {
      split = 'text';
      if (!mark.text.preserve) preserve.set(`${mark.part}:${mark.text.start}`, { part: mark.part, node: mark.text });
    } else if (mark.raw <= mark.run.contentStart) at = mark.run.start;
    else if (mark.raw >= mark.run.closeStart) at = mark.run.closeStart + '</w:r>'.length;
    else split = 'run';
    const key = `${mark.part}:${at}:${split}`;
    const group = groups.get(key);
    if (group) group.marks.push(mark);
    else groups.set(key, { part: mark.part, at, split, run: mark.run, marks: [mark] });
  }
  for (const group of groups.values()) {
    const inner = group.marks.sort((a, b) => a.order - b.order).map((m) => m.markup).join('');
    const reopen = `${group.run.openTag}${group.run.properties}`;
    const markup =
      group.split === 'text'
        ? `</w:t></w:r>${inner}${reopen}<w:t xml:space="preserve">`
        : group.split === 'run'
          ? `</w:r>${inner}${reopen}`
          : inner;
    insertions[group.part].push({ at: group.at, order: Math.min(...group.marks.map((m) => m.order)), markup });
  }
  for (const { part, node } of preserve.values()) {
    // `<w:t>` or `<w:t attr="...">`: the attribute goes before the tag's `>` (unless the tag
    // already says how to treat spaces, which Word never writes but for `preserve`).
    if (node.hasSpaceAttribute) continue;
    insertions[part].push({ at: node.openEnd - 1, order: -1, markup: ' xml:space="preserve"' });
  }
}

function insert(xml: string, insertions: Insertion[]): string {
  const sorted = [...insertions].sort((a, b) => a.at - b.at || a.order - b.order);
  const out: string[] = [];
  let last = 0;
  for (const { at, markup } of sorted) {
    out.push(xml.slice(last, at), markup);
    last = at;
  }
  out.push(xml.slice(last));
  return out.join('');
}

function commentElement(id: number, lines: string[], author: string, date: string): string {
  const paragraphs = lines.map((line, i) => `<w:p>${i === 0 ? '<w:r><w:annotationRef/></w:r>' : ''}<w:r><w:t xml:space="preserve">${escapeXml(line)}</w:t></w:r></w:p>`);
  return `<w:comment w:id="${id}" w:author="${escapeXml(author)}" w:date="${date}" w:initials="CC">${paragraphs.join('')}</w:comment>`;
}

function escapeXml(text: string): string {
  // Characters XML 1.0 does not allow are dropped rather than written.
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function freeName(archive: ZipArchive, wanted: string): string {
  if (!findEntry(archive, wanted)) return wanted;
  for (let n = 1; ; n++) {
    const name = wanted.replace(/\.xml$/, `${n}.xml`);
    if (!findEntry(archive, name)) return name;
  }
}

function addRelationship(rels: string, type: string, target: string): string {
  const close = rels.lastIndexOf('</Relationships>');
  if (close < 0) throw new AnnotateError('docx-corrupt');
  const used = new Set([...rels.matchAll(/\bId\s*=\s*["']([^"']*)["']/g)].map((m) => m[1]));
  let n = used.size + 1;
  while (used.has(`rId${n}`)) n++;
  return `${rels.slice(0, close)}<Relationship Id="rId${n}" Type="${type}" Target="${target}"/>${rels.slice(close)}`;
}

function addOverride(types: string, partName: string, contentType: string): string {
  if (new RegExp(`PartName\\s*=\\s*["']${escapeRegExp(partName)}["']`, 'i').test(types)) return types;
  const close = types.lastIndexOf('</Types>');
  if (close < 0) throw new AnnotateError('docx-corrupt');
  return `${types.slice(0, close)}<Override PartName="${partName}" ContentType="${contentType}"/>${types.slice(close)}`;
}

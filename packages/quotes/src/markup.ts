/**
 * CourtListener's opinion markup → plain text with page labels and footnotes. One pass over
 * the string, no DOM: the importer reads millions of opinions.
 *
 * What it knows of the sources (CourtListener's `cl/assets/static-global/js/opinions.js`, the
 * Harvard and Columbia importers, CAP's static HTML):
 * - page labels: `<page-number citation-index="1" label="1005">*1005</page-number>` (xml_harvard,
 *   and html_with_citations made from it), `<span citation-index="1" class="star-pagination"
 *   label="1005"> *1005 </span>`, the older `<span class="star-pagination">*103</span>` and
 *   `*Page 500`, Anon 2020's `pagescheme`/`number` (a `P` number is a paragraph, not a page),
 *   CAP's `<a class="page-label" data-label="1005" data-citation-index="1">*1005</a>`;
 * - footnote markers: `<footnotemark>`, `<a class="footnote" href="#fn1">`, CAP's
 *   `<a class="footnotemark">`, a `<sup>` holding a number or symbol; footnote bodies:
 *   `<footnote label>`, `<div class="footnote" id="fn1">`, `<aside class="footnote">`;
 * - `<pre>` holds plain text (html_with_citations made from plain_text): its `*103` labels are read as in plain text.
 */
import { decodeEntities } from './entities';
import { finishOpinion, type RawMark } from './pages';
import { scanPlainText, type StarState } from './plain';
import type { OpinionText } from './types';

// Elements that do not break a paragraph; every other element (HTML blocks, the Harvard XML's
// <opinion>, <author>, <p>, <footnote>, ...) does.
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'big', 'cite', 'code', 'cross_reference', 'del', 'dfn', 'em', 'extracted-citation',
  'font', 'i', 'ins', 'kbd', 'label', 'mark', 'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup',
  'time', 'tt', 'u', 'var', 'wbr', 'page-number', 'footnotemark', 'nobr', 'img',
]);
const SKIP = new Set(['script', 'style', 'head', 'title', 'noscript', 'template']);
const VOID = new Set(['br', 'hr', 'img', 'wbr', 'meta', 'link', 'input', 'col', 'area', 'base', 'param', 'source']);
// Only these tags can be a page label, a footnote or its marker: attributes are read for them alone.
const ATTR_TAGS = new Set(['span', 'a', 'page-number', 'aside', 'div', 'footnote', 'sup', 'footnotemark', 'li', 'section', 'p']);
const FOOTNOTE_REF_CLASSES = ['footnotemark', 'footnote', 'footnote-ref', 'fnref', 'footnote_ref', 'footnote-marker'];

type Kind = 'skip' | 'mark' | 'ref' | 'sup' | 'note' | 'pre' | 'backlink';
interface Frame {
  name: string;
  kind: Kind;
  depth: number;
  captured: string;
  attrs: Record<string, string>;
  start: number;
}

function parseAttrs(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) out[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

const classes = (a: Record<string, string>) => (a.class ? a.class.toLowerCase().split(/\s+/) : []);
const isShortMarker = (t: string) => /^\s*[[(]?\s*(?:\d{1,3}|[*†‡§¶#]{1,3}|[a-z])\s*[\])]?\s*$/i.test(t);
const markerLabel = (t: string) => t.replace(/[\s[\]()]/g, '');
const FOOTNOTE_TARGET = /^(?:ref[_-]?)?(?:fn|fr|footnote|note|ftn|n\d)/i;

class TextOut {
  parts: string[] = [];
  length = 0;
  owedBreak = 0;
  owedSpace = false;
  /** Where a mark or marker seen now belongs: before any owed space or break. */
  get here(): number {
    return this.length;
  }
  /** Write any owed space or break now; returns where the next text begins. */
  flush(): number {
    // Nothing owed at the start, or right after a paragraph break already written.
    if (this.length > 0 && !this.atBreak) {
      if (this.owedBreak) this.push(this.owedBreak >= 2 ? '\n\n' : '\n');
      else if (this.owedSpace) this.push(' ');
    }
    this.owedBreak = 0;
    this.owedSpace = false;
    return this.length;
  }
  private atBreak = false;
  private push(s: string): void {
    this.parts.push(s);
    this.length += s.length;
    this.atBreak = s === '\n\n';
  }
  /** Text of an ordinary element: runs of white space become one space. */
  text(raw: string): void {
    const t = raw.replace(/[\s\u00a0]+/g, ' ');
    if (t === '') return;
    if (t === ' ') {
      this.owedSpace = true;
      return;
    }
    let body = t;
    if (body.charCodeAt(0) === 32) {
      this.owedSpace = true;
      body = body.slice(1);
    }
    let trailing = false;
    if (body.charCodeAt(body.length - 1) === 32) {
      trailing = true;
      body = body.slice(0, -1);
    }
    this.flush();
    this.push(body);
    if (trailing) this.owedSpace = true;
  }
  /** Text kept as it is (inside <pre>). */
  verbatim(t: string): void {
    if (t === '') return;
    this.flush();
    this.push(t);
  }
  block(lines = 2): void {
    if (lines > this.owedBreak) this.owedBreak = lines;
  }
  /** Start a footnote body on a paragraph of its own, and say where its text begins. */
  startParagraph(): number {
    if (this.length > 0 && !this.atBreak) this.push('\n\n');
    this.owedBreak = 0;
    this.owedSpace = false;
    return this.length;
  }
  done(): string {
    return this.parts.join('');
  }
}

/**
 * Parse an opinion's HTML or XML (any of CourtListener's markup fields) into text with its page labels and footnotes.
 * @example
 * const op = parseOpinionMarkup('<p>serious <span citation-index="1" class="star-pagination" label="913"> *913 </span> damage.</p>');
 * op.text  // 'serious damage.'
 * op.marks // [{ offset: 7, label: '913', series: 0 }]
 */
export function parseOpinionMarkup(markup: string): OpinionText {
  const out = new TextOut();
  const raw: RawMark[] = [];
  const refs: Array<{ offset: number; label: string; target: string | null; marksBefore?: number }> = [];
  const notes: Array<{ start: number; end: number; label: string; id: string | null }> = [];
  const stack: Frame[] = [];
  const star: StarState = new Map();
  let noteDepth = 0;
  let preDepth = 0;
  let skipDepth = 0;
  let captureDepth = 0;

  const emitText = (t: string) => {
    if (skipDepth) return;
    if (captureDepth) {
      // Capturing frames do not nest (start tags are ignored while one is open), so it is the top one.
      const f = stack[stack.length - 1];
      f.captured += t;
      if (f.captured.length > 120) {
        // Far too long for a page label or a footnote number: an element left open. Give its text back.
        stack.pop();
        captureDepth--;
        out.text(f.captured);
      }
      return;
    }
    if (preDepth) {
      const scanned = scanPlainText(t, star);
      const base = out.flush();
      out.verbatim(scanned.text);
      for (const m of scanned.marks) raw.push({ offset: base + m.offset, label: m.label, citationIndex: null, stars: m.stars, inFootnote: noteDepth > 0 });
      return;
    }
    out.text(t);
  };

  const close = (f: Frame) => {
    switch (f.kind) {
      case 'skip':
        skipDepth--;
        break;
      case 'pre':
        preDepth--;
        out.block();
        break;
      case 'mark': {
        captureDepth--;
        const text = f.captured;
        const a = f.attrs;
        let label = (a.label ?? a['data-label'] ?? '').trim();
        // Anon 2020: `number` is the page; a `P` number counts paragraphs and is no page.
        const n = (a.number ?? '').trim();
        const paragraphNumber = /p/i.test(n);
        if (n && !paragraphNumber) label = n;
        if (!label && !paragraphNumber) label = text.replace(/\*|Page|\s/gi, '');
        label = label.replace(/^\*+/, '');
        const ci = a['citation-index'] ?? a['data-citation-index'];
        const starsMatch = /^\s*(\*+)/.exec(text);
        if (label && !paragraphNumber) {
          raw.push({
            offset: out.here,
            label,
            citationIndex: ci !== undefined && /^\d+$/.test(ci.trim()) ? Number(ci) : null,
            stars: starsMatch ? Math.min(starsMatch[1].length, 2) : 1,
            inFootnote: noteDepth > 0,
          });
        }
        break;
      }
      case 'ref':
        captureDepth--;
        if (!noteDepth) refs.push({ offset: out.here, label: markerLabel(f.captured), target: (f.attrs.href ?? '').replace(/^#/, '') || null, marksBefore: raw.length });
        break;
      case 'backlink':
        captureDepth--;
        break;
      case 'sup':
        captureDepth--;
        if (isShortMarker(f.captured)) {
          if (!noteDepth) refs.push({ offset: out.here, label: markerLabel(f.captured), target: null, marksBefore: raw.length });
        } else {
          out.text(f.captured);
        }
        break;
      case 'note': {
        noteDepth--;
        out.block();
        const a = f.attrs;
        const label = (a.label ?? a['data-label'] ?? (/(\d+)\D*$/.exec(a.id ?? '')?.[1] ?? '')).trim();
        notes.push({ start: f.start, end: out.length, label, id: a.id ?? a.name ?? null });
        break;
      }
    }
  };

  let i = 0;
  const n = markup.length;
  while (i < n) {
    const lt = markup.indexOf('<', i);
    if (lt < 0) {
      emitText(decodeEntities(markup.slice(i)));
      break;
    }
    if (lt > i) emitText(decodeEntities(markup.slice(i, lt)));
    i = lt;
    const next = markup.charCodeAt(i + 1);
    if (next === 33 /* ! */) {
      if (markup.startsWith('<!--', i)) {
        const e = markup.indexOf('-->', i + 4);
        i = e < 0 ? n : e + 3;
      } else if (markup.startsWith('<![CDATA[', i)) {
        const e = markup.indexOf(']]>', i + 9);
        emitText(markup.slice(i + 9, e < 0 ? n : e));
        i = e < 0 ? n : e + 3;
      } else {
        const e = markup.indexOf('>', i);
        i = e < 0 ? n : e + 1;
      }
      continue;
    }
    if (next === 63 /* ? */) {
      const e = markup.indexOf('>', i);
      i = e < 0 ? n : e + 1;
      continue;
    }
    const isEnd = next === 47; /* / */
    let j = i + (isEnd ? 2 : 1);
    const nameStart = j;
    while (j < n) {
      const c = markup.charCodeAt(j);
      if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 95 || c === 58) j++;
      else break;
    }
    if (j === nameStart) {
      // A lone '<' in text.
      emitText('<');
      i++;
      continue;
    }
    const name = markup.slice(nameStart, j).toLowerCase();
    // The tag's end: the next '>' outside quotes.
    let k = j;
    let quote = 0;
    while (k < n) {
      const c = markup.charCodeAt(k);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 34 || c === 39) quote = c;
      else if (c === 62) break;
      k++;
    }
    const selfClosing = markup.charCodeAt(k - 1) === 47;
    const attrText = markup.slice(j, selfClosing ? k - 1 : k);
    i = k + 1;

    if (isEnd) {
      const top = stack[stack.length - 1];
      if (top && top.name === name) {
        if (top.depth > 0) top.depth--;
        else {
          stack.pop();
          close(top);
        }
      } else if (!skipDepth && !captureDepth && !INLINE.has(name)) out.block();
      continue;
    }

    if (skipDepth) {
      const top = stack[stack.length - 1];
      if (top && top.name === name && !selfClosing && !VOID.has(name)) top.depth++;
      continue;
    }
    if (name === 'br') {
      if (captureDepth) emitText(' ');
      else if (preDepth) out.verbatim('\n');
      else out.block(1);
      continue;
    }
    const top = stack[stack.length - 1];
    if (top && top.name === name && !selfClosing && !VOID.has(name)) {
      // The same element nested in a special one (<span> in a star-pagination <span>): count it.
      top.depth++;
      continue;
    }
    if (captureDepth) continue;

    const attrs = ATTR_TAGS.has(name) ? parseAttrs(attrText) : {};
    const cls = ATTR_TAGS.has(name) ? classes(attrs) : [];
    let kind: Kind | null = null;
    if (SKIP.has(name)) kind = 'skip';
    else if (name === 'pre') kind = 'pre';
    else if (name === 'page-number' || cls.includes('star-pagination') || cls.includes('page-label')) kind = 'mark';
    else if (name === 'footnote' || ((name === 'div' || name === 'aside' || name === 'li' || name === 'section' || name === 'p') && (cls.includes('footnote') || /^fn\d+$/i.test(attrs.id ?? '')))) kind = 'note';
    else if (name === 'footnotemark') kind = noteDepth ? 'backlink' : 'ref';
    else if (name === 'a' || name === 'span' || name === 'sup') {
      const byClass = cls.some((c) => FOOTNOTE_REF_CLASSES.includes(c));
      const href = attrs.href ?? '';
      const byTarget = name === 'a' && href.startsWith('#') && FOOTNOTE_TARGET.test(href.slice(1));
      if (byClass || byTarget) kind = noteDepth ? 'backlink' : 'ref';
      else if (name === 'sup') kind = 'sup';
    }

    if (selfClosing || VOID.has(name)) {
      if (!kind && !INLINE.has(name)) out.block();
      continue;
    }
    if (kind === null) {
      if (!INLINE.has(name)) out.block();
      continue;
    }
    const frame: Frame = { name, kind, depth: 0, captured: '', attrs, start: 0 };
    switch (kind) {
      case 'skip':
        skipDepth++;
        break;
      case 'pre':
        preDepth++;
        out.block();
        break;
      case 'mark':
      case 'ref':
      case 'sup':
      case 'backlink':
        captureDepth++;
        break;
      case 'note':
        noteDepth++;
        frame.start = out.startParagraph();
        break;
    }
    stack.push(frame);
  }
  while (stack.length) close(stack.pop()!);

  const text = out.done();
  return finishOpinion(text, raw, refs, notes);
}

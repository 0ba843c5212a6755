/**
 * Builds the labelled set of quotations (test/labelled/quotes.json) from the public opinions
 * in test/opinions/ (see SOURCES.md there): for each opinion, quotations a brief might make,
 * each with the answer the engine should give.
 *
 * The truth (which page a sentence is on) is read here from the raw HTML with a reading of
 * its own (regular expressions over CAP's page-label anchors and CourtListener's
 * star-pagination spans), not with the engine's parser, so the set checks the parser too.
 *
 * Kinds, and what the engine must answer:
 *   exact        a sentence as the opinion has it, the right pin (some broken
 *                across lines as a PDF's text is, a word hyphenated at a line end) → verified
 *   phrase       six to ten words from inside a sentence, the right pin          → verified
 *   footnote     a sentence of a footnote, pinned `page n.N` (the marker's page) → verified
 *   alteration   a legitimate change: [T]he, [the defendant] for a pronoun,
 *                (emphasis added), apostrophe and quotation-mark styles          → verified
 *   ellipsis     words left out, with an ellipsis                                → verified
 *   page-break   a sentence running from one page onto the next                  → verified
 *   wrong-pin    a sentence as the opinion has it, pinned to another page        → wrong-page, naming its page
 *   substituted  one word replaced by another (a content word, or and/or, any/every, ...) → altered or not-found
 *   negation     a "not" added or removed                                        → altered or not-found
 *   invented     a real sentence from another opinion, attributed to this one    → altered or not-found
 *
 * Each quotation is put in a short brief passage in one of several citation forms (full
 * citation after it, in a parenthetical, before it, `Id. at`, a short form, a block quotation),
 * between sentences citing other cases.
 *
 * Usage: npx tsx packages/quotes/scripts/build-labelled-set.ts [--check]
 *   --check: exit 1 if the file on disk differs from what the script makes.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const HERE = join(__dirname, '..', 'test');
const OPINIONS = join(HERE, 'opinions');
const OUT = join(HERE, 'labelled', 'quotes.json');

export interface ManifestEntry {
  file: string;
  format: 'cap-html' | 'courtlistener-api-opinion';
  source: string;
  name: string;
  court: string;
  year: number;
  citations: string[];
}

export type Kind = 'exact' | 'phrase' | 'footnote' | 'alteration' | 'ellipsis' | 'page-break' | 'wrong-pin' | 'substituted' | 'negation' | 'invented';

export interface LabelledQuote {
  id: string;
  opinion: string;
  kind: Kind;
  template: string;
  /** The brief passage. */
  brief: string;
  /** The quotation as the brief writes it. */
  quote: string;
  /** The citation the brief gives (`100 A.3d 1004`) and its pin. */
  cite: string;
  pin: string;
  /** verified | wrong-page | problem (altered or not-found). */
  expect: 'verified' | 'wrong-page' | 'problem';
  /** Where the words are (exact kinds): a page, or `first-last` across a break. */
  truthPage: string | null;
  /** What was changed, for a reader of the set. */
  note: string;
}

// ---------------------------------------------------------------------------------------
// Reading the opinions (independently of the engine)

const decode = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&sect;/g, '§')
    .replace(/&amp;/g, '&');

interface Piece {
  text: string;
  /** Labels seen before this piece, in document order (all reporters). */
  labelsBefore: number;
}

interface Para {
  text: string;
  /** For each character of text: the index of the last page label before it (in `labels`). */
  labelIndex: Int32Array;
  /** Footnote text: the footnote's number (its pin is `page n.N`). */
  footnote: string | null;
}

interface Doc {
  entry: ManifestEntry;
  /** Every page label in document order (all reporters), body and head matter; footnotes left out. */
  labels: number[];
  /** The opinion's paragraphs, then its footnotes' (a footnote on the page of its marker). */
  paras: Para[];
  /** Normalized full text (footnotes included) for uniqueness checks. */
  normalized: string;
}

const PAGE_LABEL = /<a\b[^>]*class="page-label"[^>]*>[^<]*<\/a>|<span\b[^>]*class="star-pagination"[^>]*>[^<]*<\/span>/g;
const FOOTNOTE_MARK = /<a\b[^>]*class="footnotemark"[^>]*href="#([^"]+)"[^>]*>[^<]*<\/a>/g;

function labelValue(tag: string): number | null {
  const attr = /data-label="(\d+)"|\blabel="(\d+)"/.exec(tag);
  if (attr) return Number(attr[1] ?? attr[2]);
  const text = /\*+\s*(?:Page\s*)?(\d+)/.exec(tag.replace(/<[^>]+>/g, ''));
  return text ? Number(text[1]) : null;
}

const normalize = (s: string) => s.toLowerCase().replace(/[’‘']/g, '').replace(/[^a-z0-9]+/g, ' ').trim();

/** A paragraph's text, each character with the label index in force; labels met are appended to `labels`, footnote markers to `marks`. */
function readPara(inner: string, labels: number[], marks: Map<string, number>): { text: string; labelIndex: Int32Array } {
  const chars: string[] = [];
  const idx: number[] = [];
  const push = (s: string) => {
    const t = decode(s.replace(/<br\s*\/?>/g, ' ').replace(/<[^>]+>/g, ''));
    for (const ch of t) {
      chars.push(ch);
      idx.push(labels.length - 1);
    }
  };
  const re = new RegExp(`${PAGE_LABEL.source}|${FOOTNOTE_MARK.source}`, 'g');
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(inner))) {
    push(inner.slice(last, m.index));
    if (m[1] !== undefined) marks.set(m[1], labels.length - 1);
    else {
      const v = labelValue(m[0]);
      if (v !== null) labels.push(v);
    }
    last = m.index + m[0].length;
  }
  push(inner.slice(last));
  // Collapse white space, keeping the label index of each kept character.
  const text: string[] = [];
  const li: number[] = [];
  for (let k = 0; k < chars.length; k++) {
    const ws = /\s/.test(chars[k]);
    if (ws && (text.length === 0 || text[text.length - 1] === ' ')) continue;
    text.push(ws ? ' ' : chars[k]);
    li.push(idx[k]);
  }
  while (text.length && text[text.length - 1] === ' ') { text.pop(); li.pop(); }
  return { text: text.join(''), labelIndex: Int32Array.from(li) };
}

function readDoc(entry: ManifestEntry): Doc {
  const raw = gunzipSync(readFileSync(join(OPINIONS, entry.file))).toString('utf8');
  const html = entry.format === 'courtlistener-api-opinion' ? (JSON.parse(raw) as { html_with_citations: string }).html_with_citations : raw;
  // Footnotes apart: the body's labels and paragraphs first.
  const asides: Array<{ id: string; label: string; inner: string }> = [];
  const body = html.replace(/<aside\b([^>]*)class="footnote"([^>]*)>([\s\S]*?)<\/aside>/g, (_, a: string, b: string, inner: string) => {
    const attrs = a + b;
    asides.push({ id: /id="([^"]+)"/.exec(attrs)?.[1] ?? '', label: (/data-label="([^"]+)"/.exec(attrs)?.[1] ?? '').replace(/\.$/, ''), inner });
    return '';
  });
  const labels: number[] = [];
  const marks = new Map<string, number>();
  const paras: Para[] = [];
  const token = /<a\b[^>]*class="page-label"[^>]*>[^<]*<\/a>|<span\b[^>]*class="star-pagination"[^>]*>[^<]*<\/span>|<(p|blockquote)\b[^>]*>([\s\S]*?)<\/\1>/g;
  let m: RegExpExecArray | null;
  const opinionStart = entry.format === 'cap-html' ? body.indexOf('<article class="opinion"') : 0;
  while ((m = token.exec(body))) {
    if (!m[1]) {
      const v = labelValue(m[0]);
      if (v !== null) labels.push(v);
      continue;
    }
    const para = readPara(m[2], labels, marks);
    if (m.index > opinionStart && para.text) paras.push({ ...para, footnote: null });
  }
  // A footnote is on the page of its marker; one with a page label inside runs onto the next page and is left out.
  for (const a of asides) {
    const at = marks.get(a.id);
    if (at === undefined || new RegExp(PAGE_LABEL.source).test(a.inner)) continue;
    const inner = a.inner.replace(/<a\b[^>]*href="#ref_[^"]*"[^>]*>[^<]*<\/a>/g, '');
    for (const p of inner.matchAll(/<(p|blockquote)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
      const para = readPara(p[2], [], new Map());
      if (para.text) paras.push({ text: para.text, labelIndex: new Int32Array(para.text.length).fill(at), footnote: a.label });
    }
  }
  const plain = decode(html.replace(PAGE_LABEL, '').replace(FOOTNOTE_MARK, '').replace(/<[^>]+>/g, ' '));
  return { entry, labels, paras, normalized: ` ${normalize(plain)} ` };
}

/**
 * The chain of labels counting the pages of the case starting at `page`: the first label just
 * after it, then each time the next page's label (a page the source lacks is skipped, taking
 * the lowest label up to four pages on). Another reporter's labels, interleaved, are left out.
 */
function chainOf(labels: number[], page: number): { member: boolean[]; length: number } {
  const member = labels.map(() => false);
  let at = labels.findIndex((v) => v > page && v <= page + 8);
  if (at < 0) return { member, length: 0 };
  let last = labels[at];
  member[at] = true;
  let length = 1;
  for (;;) {
    let next = -1;
    for (let k = at + 1; k < labels.length; k++) if (labels[k] === last + 1) { next = k; break; }
    if (next < 0) {
      for (let k = at + 1; k < labels.length; k++) {
        const v = labels[k];
        if (v > last && v <= last + 4 && (next < 0 || v < labels[next])) next = k;
      }
    }
    if (next < 0) break;
    member[next] = true;
    last = labels[next];
    at = next;
    length++;
  }
  return { member, length };
}

// ---------------------------------------------------------------------------------------
// Sentences

interface Sentence {
  doc: number;
  text: string;
  footnote: string | null;
  startPage: number;
  endPage: number;
  words: number;
}

const ABBREV = /(?:\b[A-Z]|\bv|\bvs|\bMr|\bMrs|\bMs|\bDr|\bNo|\bNos|\bInc|\bCorp|\bCo|\bLtd|\bJr|\bSr|\bSt|\bU\.S|\be\.g|\bi\.e|\bcf|\bId|\bid|\bArt|\bSec|\bCh|\bApp|\bCt|\bSupp|\bCir|\bDist|\bStat|\bAnn|\bRev|\bGen|\bEd|\bed|\bet al|\bpp|\bp|\bch|\bsubd|\bpar)\.$/;

function sentencesOf(doc: Doc, docIndex: number, pageOf: (labelIndex: number) => number): Sentence[] {
  const out: Sentence[] = [];
  for (const para of doc.paras) {
    const t = para.text;
    let start = 0;
    const re = /[.?!]["”’)]*(?=\s+["“(]?[A-Z])/g;
    let m: RegExpExecArray | null;
    const ends: number[] = [];
    while ((m = re.exec(t))) {
      if (m[0][0] === '.' && ABBREV.test(t.slice(Math.max(0, m.index - 12), m.index + 1))) continue;
      ends.push(m.index + m[0].length);
    }
    ends.push(t.length);
    for (const e of ends) {
      let s = start;
      while (s < e && t[s] === ' ') s++;
      const text = t.slice(s, e);
      start = e;
      if (text.length < 20) continue;
      const words = (text.match(/[A-Za-z0-9]+/g) ?? []).length;
      out.push({ doc: docIndex, text, footnote: para.footnote, startPage: pageOf(para.labelIndex[s]), endPage: pageOf(para.labelIndex[e - 1]), words });
    }
  }
  return out;
}

// Prose a brief would quote: no citations, statutes or record references in it, mostly words.
function quotable(s: Sentence, doc: Doc): boolean {
  if (s.words < 12 || s.words > 45) return false;
  const t = s.text;
  if (/\d+\s+[A-Z][A-Za-z. ]{0,20}\s\d|§|¶|\bv\.|\bId\.|\bid\.|\bsupra\b|\bat \d|\(\d{4}\)|\[\s*\]|\*|\{|\}|\.\s?\.\s?\.|…|\bSee\b/.test(t)) return false;
  if (t === t.toUpperCase()) return false;
  // A quotation inside it cut by the sentence split would leave its quotation marks unpaired.
  if ((t.match(/"/g) ?? []).length % 2 || (t.match(/“/g) ?? []).length !== (t.match(/”/g) ?? []).length) return false;
  if (!/[.?!]["”’)]*$/.test(t)) return false;
  const letters = (t.match(/[A-Za-z]/g) ?? []).length;
  if (letters / t.length < 0.75) return false;
  // Found once in the opinion (footnotes included), so its page is not in doubt.
  const n = ` ${normalize(t)} `;
  const first = doc.normalized.indexOf(n);
  return first >= 0 && doc.normalized.indexOf(n, first + 1) < 0;
}

// ---------------------------------------------------------------------------------------
// Changes

function rng(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STOP = new Set('the a an and or of to in on at by for with from that this these those which who whom whose is are was were be been being it its as not no but if then than there their they them he she his her him we our us you your i me my shall may must will would could should can do does did has have had upon into such any all each other some only also so because under over after before between about against'.split(' '));
const SWAPS: Record<string, string> = {
  must: 'may', may: 'must', shall: 'may', should: 'must', would: 'could', could: 'would', always: 'never', never: 'always',
  affirm: 'reverse', reverse: 'affirm', affirmed: 'reversed', reversed: 'affirmed', granted: 'denied', denied: 'granted',
  sufficient: 'insufficient', insufficient: 'sufficient', reasonable: 'substantial', substantial: 'reasonable', clearly: 'plainly',
  before: 'after', after: 'before', guilty: 'innocent', valid: 'invalid', invalid: 'valid', required: 'permitted', permitted: 'required',
  prior: 'later', entitled: 'required', unless: 'until', until: 'unless', all: 'some', some: 'all', more: 'less', less: 'more',
};
// Small words whose change a reader skims over and a court would not: and/or, any/every.
const SMALL_SWAPS: Record<string, string> = { and: 'or', or: 'and', any: 'every', every: 'any', the: 'a', a: 'the', is: 'was', was: 'is', are: 'were', were: 'are', to: 'for', of: 'for', in: 'on', on: 'in', if: 'when', when: 'if' };
const AUX = /\b(is|was|are|were|does|did|do|should|would|could|can|may|must|will|has|have|had)\b(?! not\b)/;
const PRONOUN = /\b(he|she|they|his|her|their|him|them)\b/;

interface Words {
  list: Array<{ w: string; s: number; e: number }>;
}
const wordsOf = (t: string): Words => ({ list: [...t.matchAll(/[A-Za-z][A-Za-z'’-]*/g)].map((m) => ({ w: m[0], s: m.index!, e: m.index! + m[0].length })) });

// The source's own quotation marks, inside a quotation: single, as a brief nests them; one
// left unpaired by a cut (an ellipsis) is dropped.
const curlyToStraightInner = (t: string) => t.replace(/"([^"]*)"/g, '‘$1’').replace(/“/g, '‘').replace(/”/g, '’').replace(/"/g, '');

// ---------------------------------------------------------------------------------------
// Brief passages

interface CiteInfo {
  name: string;
  short: string;
  volume: string;
  reporter: string;
  page: number;
  year: number;
}

const FILLER = [
  'Courts review such questions de novo. See Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009).',
  'A complaint must contain more than labels and conclusions. Bell Atl. Corp. v. Twombly, 550 U.S. 544, 555 (2007).',
  'The burden rests on the moving party. Celotex Corp. v. Catrett, 477 U.S. 317, 323 (1986).',
  'Summary judgment is proper only when no genuine dispute remains. Anderson v. Liberty Lobby, Inc., 477 U.S. 242, 248 (1986).',
  'The standard is well settled.',
  'The parties agree on the facts.',
];

function shortName(name: string): string | null {
  const m = / v\. (.+)$/.exec(name);
  if (!m) return null;
  const d = m[1].replace(/,.*$/, '').trim();
  return /^(State|People|Commonwealth|United States)$/.test(d) ? null : d;
}

function brief(template: string, q: string, ci: CiteInfo, pin: string, r: () => number, emphasis: boolean): string {
  const cite = `${ci.volume} ${ci.reporter} ${ci.page}`;
  const full = `${ci.name}, ${cite}, ${pin} (${ci.year})${emphasis ? ' (emphasis added)' : ''}`;
  const pre = FILLER[Math.floor(r() * FILLER.length)];
  const post = FILLER[Math.floor(r() * FILLER.length)];
  const noFinal = q.replace(/[.]["”’)]*$/, '');
  switch (template) {
    case 'following':
      return `${pre} As the court explained, “${q}” ${full}. ${post}`;
    case 'straight':
      return `${pre} The court held that "${q}" ${full}. ${post}`;
    case 'parenthetical':
      return `${pre} See ${ci.name}, ${cite}, ${pin} (${ci.year}) (explaining that “${noFinal}”)${emphasis ? ' (emphasis added)' : ''}. ${post}`;
    case 'preceding':
      return `${pre} In ${ci.name}, ${cite}, ${pin} (${ci.year}), the court wrote that “${noFinal}.”${emphasis ? ' (Emphasis added.)' : ''} ${post}`;
    case 'id':
      return `${pre} The facts are set out in ${ci.name}, ${cite} (${ci.year}). The court stated: “${q}” Id. at ${pin}${emphasis ? ' (emphasis added)' : ''}. ${post}`;
    case 'short':
      return `${pre} The facts are set out in ${ci.name}, ${cite} (${ci.year}). The court added that “${q}” ${ci.short ? `${ci.short}, ` : ''}${ci.volume} ${ci.reporter} at ${pin}${emphasis ? ' (emphasis added)' : ''}. ${post}`;
    case 'block':
      return `${pre} The court reasoned:\n\n${q}\n\n${full}.\n\n${post}`;
    default:
      throw new Error(template);
  }
}

const TEMPLATES = ['following', 'straight', 'parenthetical', 'preceding', 'id', 'short', 'block'];

function pinText(a: number, b: number): string {
  if (a === b) return String(a);
  const sa = String(a);
  const sb = String(b);
  // 1005-06, as briefs write it.
  let k = 0;
  while (k < sa.length - 2 && sa[k] === sb[k]) k++;
  return `${sa}-${sb.slice(k)}`;
}

// ---------------------------------------------------------------------------------------

export function buildLabelledSet(): LabelledQuote[] {
  const manifest = JSON.parse(readFileSync(join(OPINIONS, 'manifest.json'), 'utf8')) as ManifestEntry[];
  const docs = manifest.map(readDoc);
  const infos: CiteInfo[] = [];
  const sentencesByDoc: Sentence[][] = [];
  const pagesByDoc: number[][] = [];
  docs.forEach((doc, d) => {
    // The citation whose pages are labelled best in this source.
    let best: { cite: string; chain: ReturnType<typeof chainOf> } | null = null;
    for (const cite of doc.entry.citations) {
      const m = /^(\d+) (.+) (\d+)$/.exec(cite);
      if (!m) continue;
      const chain = chainOf(doc.labels, Number(m[3]));
      if (!best || chain.length > best.chain.length) best = { cite, chain };
    }
    const m = /^(\d+) (.+) (\d+)$/.exec(best!.cite)!;
    const page = Number(m[3]);
    infos.push({ name: doc.entry.name, short: shortName(doc.entry.name) ?? '', volume: m[1], reporter: m[2], page, year: doc.entry.year });
    const pageAtLabel: number[] = [];
    let current = page;
    doc.labels.forEach((v, k) => {
      if (best!.chain.member[k]) current = v;
      pageAtLabel.push(current);
    });
    const pageOf = (labelIndex: number) => (labelIndex < 0 ? page : pageAtLabel[labelIndex]);
    sentencesByDoc.push(sentencesOf(doc, d, pageOf).filter((s) => quotable(s, doc)));
    pagesByDoc.push([page, ...doc.labels.filter((_, k) => best!.chain.member[k])]);
  });

  // A vocabulary of content words from all the opinions, for substitutions.
  const vocabulary = [...new Set(sentencesByDoc.flat().flatMap((s) => wordsOf(s.text).list.map((w) => w.w)).filter((w) => /^[a-z]{5,12}$/.test(w) && !STOP.has(w)))].sort();

  const out: LabelledQuote[] = [];
  docs.forEach((doc, d) => {
    const r = rng(doc.entry.file);
    const ci = infos[d];
    const cite = `${ci.volume} ${ci.reporter} ${ci.page}`;
    const pages = pagesByDoc[d];
    const pool = sentencesByDoc[d];
    const flat = pool.filter((s) => s.startPage === s.endPage && s.footnote === null);
    const spanning = pool.filter((s) => s.startPage !== s.endPage && s.footnote === null);
    const notes = pool.filter((s) => s.footnote !== null);
    const used = new Set<Sentence>();
    const pick = (list: Sentence[], ok: (s: Sentence) => boolean = () => true): Sentence | null => {
      const free = list.filter((s) => !used.has(s) && ok(s));
      if (!free.length) return null;
      const s = free[Math.floor(r() * free.length)];
      used.add(s);
      return s;
    };
    let n = 0;
    const add = (kind: Kind, quote: string, pin: string, expect: LabelledQuote['expect'], truthPage: string | null, note: string, emphasis = false, template?: string) => {
      const t = template ?? TEMPLATES[Math.floor(r() * TEMPLATES.length)];
      const q = curlyToStraightInner(quote);
      out.push({
        id: `${doc.entry.file.replace(/\..*$/, '')}#${++n}`,
        opinion: doc.entry.file,
        kind,
        template: t,
        brief: brief(t, q, ci, pin, r, emphasis),
        quote: q,
        cite,
        pin,
        expect,
        truthPage,
        note,
      });
    };

    for (let k = 0; k < 2; k++) {
      const s = pick(flat);
      if (!s) continue;
      if (k === 0) {
        add('exact', s.text, String(s.startPage), 'verified', String(s.startPage), 'as the opinion has it');
        continue;
      }
      // As a PDF's text gives it: broken across lines, a long word hyphenated at a line's end.
      const ws = wordsOf(s.text).list;
      const long = ws.filter((w) => w.w.length >= 8 && /^[a-z]+$/.test(w.w));
      let q = s.text;
      let note = 'across two lines';
      if (long.length) {
        const w = long[Math.floor(r() * long.length)];
        const cut = w.s + Math.floor(w.w.length / 2);
        q = `${q.slice(0, cut)}-\n${q.slice(cut)}`;
        note = `across lines, "${w.w}" hyphenated at the line's end`;
      }
      const space = q.indexOf(' ', Math.floor(q.length / 3));
      if (space > 0) q = `${q.slice(0, space)}\n${q.slice(space + 1)}`;
      add('exact', q, String(s.startPage), 'verified', String(s.startPage), note);
    }
    {
      const s = pick(flat, (x) => x.words >= 14);
      if (s) {
        const ws = wordsOf(s.text).list;
        const len = 6 + Math.floor(r() * 5);
        const from = 2 + Math.floor(r() * Math.max(1, ws.length - len - 3));
        const to = Math.min(ws.length - 1, from + len);
        const phrase = s.text.slice(ws[from].s, ws[to - 1].e);
        const whole = !/[A-Za-z0-9[\]]/.test(s.text[ws[to - 1].e] ?? ' ') && !/[A-Za-z0-9[\]]/.test(s.text[ws[from].s - 1] ?? ' ');
        const n = whole ? ` ${normalize(phrase)} ` : '\u0000';
        const first = doc.normalized.indexOf(n);
        if (first >= 0 && doc.normalized.indexOf(n, first + 1) < 0) add('phrase', phrase, String(s.startPage), 'verified', String(s.startPage), `words ${from + 1}-${to} of a sentence`);
      }
    }
    for (let k = 0; k < 2; k++) {
      const s = pick(notes);
      if (s) add('footnote', s.text, `${s.startPage} n.${s.footnote}`, 'verified', String(s.startPage), `footnote ${s.footnote}, whose marker is on page ${s.startPage}`);
    }
    // Legitimate alterations, in turn.
    for (let k = 0; k < 2; k++) {
      const variant = (d + k) % 3;
      if (variant === 0) {
        const starts = (x: Sentence) => wordsOf(x.text).list.slice(1, 5).filter((w) => /^[a-z]/.test(w.w) && x.text[w.s - 1] === ' ');
        const s = pick(flat, (x) => starts(x).length > 0);
        if (!s) continue;
        const w = starts(s)[0];
        const q = `[${w.w[0].toUpperCase()}]${s.text.slice(w.s + 1)}`;
        add('alteration', q, String(s.startPage), 'verified', String(s.startPage), 'first letter capitalised in brackets, the start of the sentence left out');
      } else if (variant === 1) {
        const s = pick(flat, (x) => PRONOUN.test(x.text));
        if (!s) continue;
        const m = PRONOUN.exec(s.text)!;
        const repl = /^(his|her|their)$/.test(m[1]) ? '[the defendant’s]' : '[the defendant]';
        const q = s.text.slice(0, m.index) + repl + s.text.slice(m.index + m[1].length);
        add('alteration', q, String(s.startPage), 'verified', String(s.startPage), `"${m[1]}" replaced by ${repl}`);
      } else {
        const s = pick(flat);
        if (!s) continue;
        const q = s.text.replace(/'/g, '’');
        add('alteration', q, String(s.startPage), 'verified', String(s.startPage), '(emphasis added) after the citation; apostrophes curled', true);
      }
    }
    {
      const s = pick(flat, (x) => x.words >= 16);
      if (s) {
        const ws = wordsOf(s.text).list;
        const from = 3 + Math.floor(r() * Math.max(1, ws.length - 10));
        const len = 3 + Math.floor(r() * 4);
        const to = Math.min(ws.length - 3, from + len);
        const mark = ['. . .', '...', '…'][Math.floor(r() * 3)];
        const q = `${s.text.slice(0, ws[from].s).trimEnd()} ${mark} ${s.text.slice(ws[to].s)}`;
        add('ellipsis', q, String(s.startPage), 'verified', String(s.startPage), `words ${from + 1}-${to} left out with "${mark}"`);
      }
    }
    for (let k = 0; k < 2; k++) {
      const s = pick(spanning);
      if (!s) continue;
      const variant = Math.floor(r() * 3);
      const pin = variant === 0 ? String(s.startPage) : variant === 1 ? pinText(s.startPage, s.endPage) : String(s.endPage);
      add('page-break', s.text, pin, 'verified', `${s.startPage}-${s.endPage}`, `runs from page ${s.startPage} onto ${s.endPage}`);
    }
    {
      const s = pick(flat);
      // Half the time the page next to the right one, as a slip would give.
      const near = r() < 0.5;
      const others = s ? pages.filter((p) => (near ? Math.abs(p - s.startPage) === 1 : Math.abs(p - s.startPage) >= 2)) : [];
      if (s && others.length) {
        const wrong = others[Math.floor(r() * others.length)];
        add('wrong-pin', s.text, String(wrong), 'wrong-page', String(s.startPage), `on page ${s.startPage}, pinned to ${wrong}`);
      } else if (s) used.delete(s);
    }
    {
      const s = pick(flat, (x) => wordsOf(x.text).list.some((w) => SWAPS[w.w] || (/^[a-z]{5,}$/.test(w.w) && !STOP.has(w.w))));
      if (s) {
        const ws = wordsOf(s.text).list;
        const small = ws.filter((w) => SMALL_SWAPS[w.w]);
        if (small.length && r() < 0.35) {
          const target = small[Math.floor(r() * small.length)];
          const repl = SMALL_SWAPS[target.w];
          const q = s.text.slice(0, target.s) + repl + s.text.slice(target.e);
          add('substituted', q, String(s.startPage), 'problem', String(s.startPage), `"${target.w}" replaced by "${repl}"`);
        } else {
          const swappable = ws.filter((w) => SWAPS[w.w]);
          const content = ws.filter((w) => /^[a-z]{5,}$/.test(w.w) && !STOP.has(w.w));
          const target = swappable.length ? swappable[Math.floor(r() * swappable.length)] : content[Math.floor(r() * content.length)];
          let repl = SWAPS[target.w];
          while (!repl || repl === target.w || s.text.includes(repl)) repl = vocabulary[Math.floor(r() * vocabulary.length)];
          const q = s.text.slice(0, target.s) + repl + s.text.slice(target.e);
          add('substituted', q, String(s.startPage), 'problem', String(s.startPage), `"${target.w}" replaced by "${repl}"`);
        }
      }
    }
    {
      const s = pick(flat, (x) => /\bnot\b/.test(x.text) || AUX.test(x.text));
      if (s) {
        let q: string;
        let note: string;
        if (/\bnot\b/.test(s.text)) {
          q = s.text.replace(/\bnot /, '');
          note = '"not" removed';
        } else {
          const m = AUX.exec(s.text)!;
          q = s.text.slice(0, m.index + m[1].length) + ' not' + s.text.slice(m.index + m[1].length);
          note = `"not" added after "${m[1]}"`;
        }
        add('negation', q, String(s.startPage), 'problem', String(s.startPage), note);
      }
    }
    {
      // A real sentence of another court, attributed to this opinion.
      for (let tries = 0; tries < 20; tries++) {
        const other = (d + 1 + Math.floor(r() * (docs.length - 1))) % docs.length;
        const cands = sentencesByDoc[other].filter((x) => x.startPage === x.endPage);
        if (!cands.length) continue;
        const s = cands[Math.floor(r() * cands.length)];
        const words = normalize(s.text).split(' ');
        let shared = false;
        for (let k = 0; k + 6 <= words.length && !shared; k++) shared = doc.normalized.includes(` ${words.slice(k, k + 6).join(' ')} `);
        if (shared) continue;
        const pin = pages[Math.floor(r() * pages.length)];
        add('invented', s.text, String(pin), 'problem', null, `a sentence of ${docs[other].entry.name} (${docs[other].entry.file})`);
        break;
      }
    }
  });
  return out;
}

if (require.main === module) {
  const set = buildLabelledSet();
  const json = `${JSON.stringify(set, null, 1)}\n`;
  if (process.argv.includes('--check')) {
    const current = readFileSync(OUT, 'utf8');
    if (current !== json) {
      console.error('test/labelled/quotes.json is not what the script makes: run it without --check');
      process.exit(1);
    }
  } else {
    mkdirSync(join(HERE, 'labelled'), { recursive: true });
    writeFileSync(OUT, json);
  }
  const byKind = new Map<string, number>();
  for (const q of set) byKind.set(q.kind, (byKind.get(q.kind) ?? 0) + 1);
  console.log(`${set.length} quotations from ${new Set(set.map((q) => q.opinion)).size} opinions: ${[...byKind].map(([k, v]) => `${k} ${v}`).join(', ')}`);
}

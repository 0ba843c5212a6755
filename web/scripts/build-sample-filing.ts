/**
 * Writes public/sample-filing.pdf from sample-filing/brief.ts: US Letter, Times-Roman,
 * a court caption, headings, and page numbers in the footer. Run at build time
 * (`npm run build -w @citecheck/web`); the PDF itself is not committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { allSampleCitations, brief } from '../sample-filing/brief';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../public/sample-filing.pdf');

const PAGE = { width: 612, height: 792 };
const MARGIN = { left: 72, right: 72, top: 72, bottom: 72 };
const TEXT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const SIZE = 12;
const LINE = 19; // roughly 1.5 spacing: court-brief look, four pages
const INDENT = 36;
// A non-breaking marker: citations are never split across lines, so text extraction
// (and a reader) always sees each one whole.
const NBSP = '\u0000';

function protectCitations(text: string): string {
  let out = text;
  for (const citation of allSampleCitations()) out = out.split(citation).join(citation.replace(/ /g, NBSP));
  return out;
}

function wrap(text: string, font: PDFFont, width: number, firstIndent = 0): string[] {
  const words = protectCitations(text).split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    const limit = lines.length === 0 ? width - firstIndent : width;
    if (font.widthOfTextAtSize(candidate.replace(/\u0000/g, ' '), SIZE) > limit && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines.map((l) => l.replace(/\u0000/g, ' '));
}

class Writer {
  page!: PDFPage;
  y = 0;
  pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  text(text: string, options: { x?: number; font?: PDFFont; center?: boolean; size?: number } = {}) {
    const font = options.font ?? this.regular;
    const size = options.size ?? SIZE;
    const x = options.center ? (PAGE.width - font.widthOfTextAtSize(text, size)) / 2 : (options.x ?? MARGIN.left);
    this.page.drawText(text, { x, y: this.y, size, font, color: rgb(0, 0, 0) });
  }

  line(text: string, options: { x?: number; font?: PDFFont; center?: boolean } = {}) {
    this.ensure(LINE);
    this.text(text, options);
    this.y -= LINE;
  }

  paragraph(text: string) {
    const lines = wrap(text, this.regular, TEXT_WIDTH, INDENT);
    lines.forEach((l, i) => this.line(l, { x: MARGIN.left + (i === 0 ? INDENT : 0) }));
    this.y -= LINE / 2;
  }

  heading(text: string) {
    // Keep a heading with at least two lines of its section.
    this.ensure(LINE * 3);
    this.y -= LINE / 3;
    for (const l of wrap(text, this.bold, TEXT_WIDTH)) this.line(l, { font: this.bold, center: true });
    this.y -= LINE / 3;
  }
}

async function main() {
  const doc = await PDFDocument.create();
  doc.setTitle("Plaintiff's Memorandum of Law in Opposition to Defendant's Motion to Dismiss (sample)");
  doc.setAuthor('CiteCheck sample filing');
  doc.setSubject('Sample brief with fabricated citations, for demonstrating CiteCheck');
  // Fixed dates keep the build reproducible.
  doc.setCreationDate(new Date('2024-03-01T12:00:00Z'));
  doc.setModificationDate(new Date('2024-03-01T12:00:00Z'));

  const w = new Writer(doc, await doc.embedFont(StandardFonts.TimesRoman), await doc.embedFont(StandardFonts.TimesRomanBold));

  for (const l of brief.court) w.line(l, { font: w.bold, center: true });
  w.y -= LINE / 2;

  // Caption: parties on the left closed by a column of ')', case number on the right.
  const left = [...brief.caption.plaintiff, '', '- against -', '', ...brief.caption.defendant];
  const bracketX = MARGIN.left + 270;
  const top = w.y;
  left.forEach((l, i) => {
    w.text(l, { x: MARGIN.left + (l.endsWith('tiff,') || l.endsWith('dant.') ? 150 : l.startsWith('-') ? 90 : 0) });
    w.page.drawText(')', { x: bracketX, y: w.y, size: SIZE, font: w.regular });
    w.y -= LINE * (i === left.length - 1 ? 1 : 0.8);
  });
  w.page.drawLine({ start: { x: MARGIN.left, y: w.y + LINE / 2 }, end: { x: bracketX + 6, y: w.y + LINE / 2 }, thickness: 0.7 });
  w.page.drawText(brief.caption.caseNumber, { x: bracketX + 24, y: top - LINE * 3.2, size: SIZE, font: w.regular });
  w.y -= LINE / 2;
  for (const l of brief.caption.documentTitle) w.line(l, { font: w.bold, center: true });
  w.y -= LINE / 2;

  for (const section of brief.sections) {
    if (section.heading) w.heading(section.heading);
    for (const paragraph of section.paragraphs) w.paragraph(paragraph);
  }

  w.y -= LINE / 2;
  for (const l of brief.signature) w.line(l, { x: l.startsWith('THIS IS') || l.startsWith('CITATIONS') ? MARGIN.left : MARGIN.left + 252 });

  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    const label = `${i + 1}`;
    const width = w.regular.widthOfTextAtSize(label, 11);
    page.drawText(label, { x: (PAGE.width - width) / 2, y: 40, size: 11, font: w.regular });
  });

  // Guard: the demo relies on every listed citation being present verbatim.
  const body = JSON.stringify(brief);
  const missing = allSampleCitations().filter((c) => !body.includes(c));
  if (missing.length) throw new Error(`sample brief lacks: ${missing.join('; ')}`);

  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, await doc.save({ useObjectStreams: false }));
  console.log(`sample filing: ${OUT} (${total} pages)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

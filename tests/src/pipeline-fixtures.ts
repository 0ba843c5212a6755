/**
 * Briefs for the pipeline tests and benchmark, generated on the fly: a .pdf (pdf-lib) or a
 * .docx (docx) whose citations are drawn from a table with the verdict each must get
 * against the demo case-law index (which is not authoritative: an unknown case stays
 * pending, never "not found"). A test that checks verdicts against this table fails when
 * any stage loses, duplicates or misjudges a citation.
 */
import { Document, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export type Expected = true | false | null;

export interface FixtureCitation {
  /** The sentence put in the brief. */
  sentence: string;
  /** The citation text the engine reports (volume reporter page, or the statute). */
  text: string;
  isValid: Expected;
}

/** Real cases of the demo index, cited correctly. */
const VALID: FixtureCitation[] = [
  ['Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007)', '550 U.S. 544'],
  ['Ashcroft v. Iqbal, 556 U.S. 662 (2009)', '556 U.S. 662'],
  ['Celotex Corp. v. Catrett, 477 U.S. 317 (1986)', '477 U.S. 317'],
  ['Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986)', '477 U.S. 242'],
  ['Daubert v. Merrell Dow Pharmaceuticals, Inc., 509 U.S. 579 (1993)', '509 U.S. 579'],
  ['Miranda v. Arizona, 384 U.S. 436 (1966)', '384 U.S. 436'],
  ['Gideon v. Wainwright, 372 U.S. 335 (1963)', '372 U.S. 335'],
  ['Terry v. Ohio, 392 U.S. 1 (1968)', '392 U.S. 1'],
  ['Strickland v. Washington, 466 U.S. 668 (1984)', '466 U.S. 668'],
  ['Mapp v. Ohio, 367 U.S. 643 (1961)', '367 U.S. 643'],
].map(([cite, text]) => ({ sentence: `The court relied on ${cite}, in reaching its holding.`, text, isValid: true as Expected }));

/** Fabricated: a real address under another case's name, or a year that cannot be. */
const INVALID: FixtureCitation[] = [
  ['Varghese v. China Southern Airlines Co., 550 U.S. 544 (2007)', '550 U.S. 544'],
  ['Shaboon v. Egyptair, 556 U.S. 662 (2009)', '556 U.S. 662'],
  ['Petersen v. Iran Air, 525 U.S. 155 (2031)', '525 U.S. 155'],
].map(([cite, text]) => ({ sentence: `Plaintiff also cites ${cite}, for the same point.`, text, isValid: false as Expected }));

/** Not in the demo index (stays pending), and a statute (listed, never verified). */
const PENDING: FixtureCitation[] = [
  { sentence: 'See Martinez v. Delta Air Lines, Inc., 949 F.3d 1 (5th Cir. 2019), for the contrary view.', text: '949 F.3d 1', isValid: null },
  { sentence: 'The claim arises under 42 U.S.C. § 1983 and nothing else.', text: '42 U.S.C. § 1983', isValid: null },
];

export const CITATION_TABLE: FixtureCitation[] = [...VALID, ...INVALID, ...PENDING];

const FILLER =
  'The parties dispute the scope of the contract and the facts material to the motion. The record shows that the carrier followed its ordinary procedures, and the plaintiff offers no evidence to the contrary.';

/** `count` citations spread over `pages` pages, cycling through the table. */
export function briefCitations(count: number): FixtureCitation[] {
  return Array.from({ length: count }, (_, i) => CITATION_TABLE[i % CITATION_TABLE.length]);
}

/** Paragraphs of a brief: each page holds filler text and its share of the citations. */
export function briefPages(pages: number, citations: FixtureCitation[]): string[][] {
  const perPage = Math.ceil(citations.length / pages);
  return Array.from({ length: pages }, (_, p) => {
    const mine = citations.slice(p * perPage, (p + 1) * perPage);
    return [`Page ${p + 1}. ${FILLER}`, ...mine.map((c) => c.sentence), FILLER];
  });
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > width) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines;
}

/** A text PDF with one page per entry of `pages`; paragraphs separated by a blank line. */
export async function makePdf(pages: string[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  for (const paragraphs of pages) {
    const page = pdf.addPage([612, 792]);
    let y = 740;
    for (const paragraph of paragraphs) {
      for (const line of wrap(paragraph, 85)) {
        page.drawText(line, { x: 60, y, size: 11, font });
        y -= 15;
      }
      y -= 15;
    }
  }
  return Buffer.from(await pdf.save());
}

/** A one-page PDF with `lines` as they are, 16 points apart: a short brief whose lines the test chose. */
export async function linesPdf(lines: readonly string[], size = 11): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 700 - 16 * i, size, font }));
  return Buffer.from(await pdf.save());
}

/** Two citations: a real case (550 U.S. 544) and a real cite under the wrong name (477 U.S. 242). */
export const SHORT_BRIEF = [
  'Plaintiff must plead enough facts. Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 570 (2007).',
  'But see Kaufman v. Alitalia Airlines, Inc., 477 U.S. 242, 248 (1986).',
];

export async function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const doc = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph({ text })) }] });
  return Buffer.from(await Packer.toBuffer(doc));
}

/** A PDF of `pages` empty letter pages: no text layer, so every page would go to OCR (abuse tests). */
export async function blankScanPdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([612, 792]);
  return Buffer.from(await pdf.save());
}

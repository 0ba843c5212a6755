/**
 * Briefs made by a real word processor, for the annotated-brief round trips and benchmark: a
 * flat OpenDocument text (.fodt) written here, converted by LibreOffice (`soffice --headless`)
 * to .docx and to PDF. The .docx is Writer's own OOXML (its runs, styles, footnotes and tracked
 * changes), not markup written by hand. Paragraph text may carry `[fn:...]` (a footnote),
 * `[ins:...]` (a tracked insertion) and `[del:...]` (a tracked deletion).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brief as sampleFiling } from '../../web/sample-filing/brief';
import { MATA_BRIEF, MATA_CITATIONS } from './mata-brief';

export const SOFFICE = process.env.SOFFICE_PATH || '/usr/bin/soffice';

export function hasLibreOffice(): boolean {
  return existsSync(SOFFICE);
}

export interface FodtBrief {
  title: string;
  /** Headings (`# ` first) and paragraphs, with `[fn:…]`, `[ins:…]`, `[del:…]` inside. */
  blocks: string[];
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The brief as a flat OpenDocument text: Times 12 pt, double-spaced, footnotes in 10 pt, changes tracked. */
export function fodt(brief: FodtBrief): string {
  const regions: string[] = [];
  let notes = 0;
  let changes = 0;
  const change = (kind: 'insertion' | 'deletion', deleted?: string) => {
    const id = `ct${++changes}`;
    const info = `<office:change-info><dc:creator>A. Associate</dc:creator><dc:date>2024-02-28T10:${String(changes % 60).padStart(2, '0')}:00</dc:date></office:change-info>`;
    regions.push(`<text:changed-region text:id="${id}"><text:${kind}>${info}${deleted !== undefined ? `<text:p>${escape(deleted)}</text:p>` : ''}</text:${kind}></text:changed-region>`);
    return id;
  };
  const inline = (text: string): string =>
    text
      .split(/(\[(?:fn|ins|del):[^\]]*\])/)
      .map((part) => {
        const m = /^\[(fn|ins|del):([^\]]*)\]$/.exec(part);
        if (!m) return escape(part);
        if (m[1] === 'fn') {
          notes++;
          return `<text:note text:id="ftn${notes}" text:note-class="footnote"><text:note-citation>${notes}</text:note-citation><text:note-body><text:p text:style-name="Footnote">${escape(m[2])}</text:p></text:note-body></text:note>`;
        }
        if (m[1] === 'ins') {
          const id = change('insertion');
          return `<text:change-start text:change-id="${id}"/>${escape(m[2])}<text:change-end text:change-id="${id}"/>`;
        }
        return `<text:change text:change-id="${change('deletion', m[2])}"/>`;
      })
      .join('');
  const body = brief.blocks
    .map((block) => (block.startsWith('# ') ? `<text:h text:style-name="Heading" text:outline-level="1">${inline(block.slice(2))}</text:h>` : `<text:p text:style-name="Body">${inline(block)}</text:p>`))
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:meta><dc:title>${escape(brief.title)}</dc:title></office:meta>
<office:styles>
<style:default-style style:family="paragraph"><style:text-properties style:font-name="Liberation Serif" fo:font-family="'Liberation Serif'" fo:font-size="12pt"/></style:default-style>
<style:style style:name="Body" style:family="paragraph"><style:paragraph-properties fo:line-height="200%" fo:text-indent="0.5in" fo:margin-bottom="0in"/></style:style>
<style:style style:name="Heading" style:family="paragraph"><style:paragraph-properties fo:text-align="center" fo:margin-top="0.17in" fo:margin-bottom="0.17in"/><style:text-properties fo:font-weight="bold"/></style:style>
<style:style style:name="Footnote" style:family="paragraph"><style:text-properties fo:font-size="10pt"/></style:style>
</office:styles>
<office:automatic-styles><style:page-layout style:name="Letter"><style:page-layout-properties fo:page-width="8.5in" fo:page-height="11in" fo:margin-top="1in" fo:margin-bottom="1in" fo:margin-left="1in" fo:margin-right="1in"/></style:page-layout></office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="Letter"/></office:master-styles>
<office:body><office:text>
<text:tracked-changes text:track-changes="true">${regions.join('')}</text:tracked-changes>
${body}
</office:text></office:body></office:document>
`;
}

/**
 * Converts with LibreOffice in a profile of its own (instances sharing a profile refuse to
 * start side by side). `to` is a filter spec such as `docx:"MS Word 2007 XML"` or a PDF export
 * with options; answers the converted file's bytes.
 */
export async function convert(input: Buffer, inputName: string, to: string, outExtension: string): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'soffice-'));
  try {
    const file = path.join(dir, inputName);
    writeFileSync(file, input);
    const profile = pathToFileURL(path.join(dir, 'profile')).href;
    await promisify(execFile)(SOFFICE, [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--convert-to', to, '--outdir', path.join(dir, 'out'), file], {
      timeout: 180_000,
    });
    const out = path.join(dir, 'out', inputName.replace(/\.[^.]+$/, `.${outExtension}`));
    if (!existsSync(out)) throw new Error(`LibreOffice did not convert ${inputName} to ${outExtension}`);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const toDocx = (fodtText: string, name = 'brief.fodt') => convert(Buffer.from(fodtText), name, 'docx:MS Word 2007 XML', 'docx');
export const toPdf = (input: Buffer, name: string) => convert(input, name, 'pdf:writer_pdf_Export:{"ExportNotes":{"type":"boolean","value":"true"}}', 'pdf');

/** The test brief modelled on the one sanctioned in Mata v. Avianca, with its own paragraphs. */
export function mataBrief(): FodtBrief {
  return { title: 'Mata v. Avianca: affirmation in opposition (test text)', blocks: MATA_BRIEF };
}

/** The landing page's sample filing, headings and all. */
export function sampleFilingBrief(): FodtBrief {
  const blocks = [...sampleFiling.court, sampleFiling.caption.caseNumber, ...sampleFiling.caption.documentTitle].map((line) => `# ${line}`);
  for (const section of sampleFiling.sections) {
    if (section.heading) blocks.push(`# ${section.heading}`);
    blocks.push(...section.paragraphs);
  }
  blocks.push(...sampleFiling.signature.filter((line) => line.trim()));
  return { title: 'Sample filing', blocks };
}

/**
 * A long brief, about `pages` pages once Writer lays it out: the Mata and sample-filing
 * arguments over and over, each round with citations moved into footnotes, a citation added as
 * a tracked insertion, and one struck out as a tracked deletion (which the reader, like Word's
 * final view, does not see).
 */
export function longBrief(pages = 50): FodtBrief {
  const blocks: string[] = ['# UNITED STATES DISTRICT COURT', '# SOUTHERN DISTRICT OF NEW YORK', '# MEMORANDUM OF LAW IN OPPOSITION'];
  const sample = sampleFilingBrief().blocks.filter((b) => !b.startsWith('# ') && b.length > 200);
  // Writer fits about six of these blocks (headings, short and long paragraphs) on a double-spaced page.
  // Footnotes worded differently from round to round: the same note at the foot of most pages
  // would read as a running footer, which the reader (rightly) leaves out.
  const NOTES = [
    ['See', 'see also', 'on the pleading standard'],
    ['Accord', 'and', 'as to plausibility'],
    ['Cf.', 'compare', 'for the rule the motion invokes'],
    ['As the Court explained in', 'and again in', 'which settle the question'],
    ['Plaintiff relies on', 'together with', 'for the same point'],
  ];
  for (let round = 0; blocks.length < pages * 5.8; round++) {
    const [lead, join, tail] = NOTES[round % NOTES.length];
    blocks.push(`# POINT ${round + 1}`);
    blocks.push(
      `The Court has jurisdiction over this dispute, and the pleading standard is well settled.[fn:${lead} Bell Atl. Corp. v. Twombly, 550 U.S. 544, 570 (2007); ${join} Ashcroft v. Igbal, 556 U.S. 662, 678 (2009), ${tail}.] The carrier's liability for an accident on board is governed by the Convention. Air Fr. v. Saks, 470 U.S. 392, 405 (1985).`,
    );
    blocks.push(
      `The period was tolled while the carrier was in bankruptcy.[fn:${lead} Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339 (11th Cir. 2019); ${join} Miller v. United Airlines, Inc., 174 F.3d 366 (2d Cir. 1999), ${tail}.] Other courts agree. [ins:Petersen v. Iran Air, 905 F. Supp. 2d 121 (D.D.C. 2012). ][del:Conley v. Gibson, 355 U.S. 41 (1957). ]Questions the Convention leaves open are governed by the law of the forum. Zicherman v. Korean Air Lines Co., 516 U.S. 217, 226 (1996).`,
    );
    blocks.push(...MATA_BRIEF.slice(1));
    blocks.push(sample[round % sample.length]);
  }
  return { title: `Long brief (${pages} pages)`, blocks };
}

export type Verdict = { isValid: boolean | null; validationDetails: { message: string; suggestion?: string } };

const FABRICATED = new Set(MATA_CITATIONS.filter((c) => c.kind.startsWith('fabricated') || c.kind === 'short-form-of-fabricated').map((c) => c.text));

/**
 * Verdicts as the product gives them for these briefs' citations (the wording of
 * packages/caselaw's verdicts): the Mata fabrications not found, statutes listed, the rest
 * valid; a citation the brief makes up elsewhere (the sample filing's) not verified.
 */
export function verdictFor(citation: { text: string; type: string }): Verdict {
  if (citation.type !== 'case') return { isValid: null, validationDetails: { message: 'Statutes and regulations are listed, not verified' } };
  if (FABRICATED.has(citation.text)) return { isValid: false, validationDetails: { message: 'Possible hallucination - citation not found', suggestion: 'Check formatting' } };
  if (/^(550 U\.S\.|556 U\.S\.|470 U\.S\.|525 U\.S\.|499 U\.S\.|540 U\.S\.|360 F\.3d|516 U\.S\.|477 U\.S\. 317)/.test(citation.text)) {
    return { isValid: true, validationDetails: { message: 'Exact citation and case name match' } };
  }
  return { isValid: null, validationDetails: { message: 'Unverified: the case-law source does not hold this volume completely', suggestion: 'Check it against the original source' } };
}

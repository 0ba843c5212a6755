import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main, type CliIO } from '../main';

function capture(isTTY = false): CliIO & { stdout: string[]; stderr: string[]; progressLines: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const progressLines: string[] = [];
  return { stdout, stderr, progressLines, out: (t) => stdout.push(t), err: (t) => stderr.push(t), progress: (l) => progressLines.push(l), isTTY };
}

/** A small text PDF with one citation per page. */
async function briefPdf(pages: number): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const cases = ['Bell Atlantic Corp. v. Twombly, 550 U.S. 544', 'Ashcroft v. Iqbal, 556 U.S. 662', 'Celotex Corp. v. Catrett, 477 U.S. 317'];
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage([612, 792]);
    const lines = [`Argument ${i + 1}. The complaint must state a plausible claim for relief under the`, `governing standard. See ${cases[i % cases.length]} (${2007 + i}).`];
    lines.forEach((line, n) => page.drawText(line, { x: 72, y: 700 - 60 * i - 16 * n, size: 12, font }));
  }
  return Buffer.from(await pdf.save());
}

const BRIEF = `Plaintiff must plead enough facts. Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 570 (2007). Twombly, 550 U.S. at 556.

Courts have applied the Convention. Kaufman v. Alitalia Airlines, Inc., 477 U.S. 242, 248 (1986); Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019). Jurisdiction lies under 28 U.S.C. § 1332(a).
`;

describe('citecheck extract and check', () => {
  let dir: string;
  let file: string;
  const saved = process.env.DATA_DIR;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'citecheck-cli-'));
    file = path.join(dir, 'brief.txt');
    writeFileSync(file, BRIEF);
    process.env.DATA_DIR = path.join(dir, 'data');
  });
  afterAll(() => {
    process.env.DATA_DIR = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('extract --json prints every citation with its fields and the antecedent of short forms', async () => {
    const io = capture();
    expect(await main(['extract', file, '--json'], io)).toBe(0);
    const rows = JSON.parse(io.stdout.join('\n')) as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.normalized)).toEqual(['550 U.S. 544', '550 U.S. at 556', '477 U.S. 242', '925 F.3d 1339', '28 U.S.C. § 1332(a)']);
    expect(rows[0]).toMatchObject({ type: 'case', form: 'full', volume: 550, reporter: 'U.S.', page: '544', pinCite: '570', caseName: 'Bell Atlantic Corp. v. Twombly', year: 2007, court: 'scotus' });
    expect(rows[1]).toMatchObject({ form: 'short', antecedent: '550 U.S. 544' });
    for (const row of rows) for (const key of ['type', 'form', 'text', 'normalized', 'start', 'end']) expect(row).toHaveProperty(key);
  });

  it('check --json adds a verdict per citation and exits 1 when a case citation is invalid', async () => {
    const io = capture();
    expect(await main(['check', file, '--json'], io)).toBe(1);
    const rows = JSON.parse(io.stdout.join('\n')) as Array<Record<string, any>>;
    const byCite = Object.fromEntries(rows.map((r) => [r.normalized, r]));
    expect(byCite['550 U.S. 544'].isValid).toBe(true);
    expect(byCite['550 U.S. at 556'].isValid).toBe(true);
    expect(byCite['477 U.S. 242'].isValid).toBe(false);
    expect(JSON.stringify(byCite['477 U.S. 242'].validationDetails)).toMatch(/Anderson v. Liberty Lobby/);
    // The demo index is not authoritative: a case it has never heard of stays unverified.
    expect(byCite['925 F.3d 1339'].isValid).toBeNull();
    expect(byCite['28 U.S.C. § 1332(a)'].isValid).toBeNull();
    expect(byCite['550 U.S. 544'].courtListenerData).toMatchObject({ caseName: expect.stringMatching(/Twombly/), year: 2007 });
  }, 60_000);

  it('reads a PDF, drawing a progress bar on a terminal and none when piped', async () => {
    const pdf = path.join(dir, 'brief.pdf');
    writeFileSync(pdf, await briefPdf(3));
    const terminal = capture(true);
    expect(await main(['extract', pdf], terminal)).toBe(0);
    expect(terminal.progressLines.some((line) => /3\/3/.test(line))).toBe(true);
    expect(terminal.stdout.map((line) => line.match(/\d+ U\.S\. \d+/)?.[0])).toEqual(['550 U.S. 544', '556 U.S. 662', '477 U.S. 317']);
    expect(terminal.stdout[0]).toMatch(/^p\.1/);
    const piped = capture(false);
    expect(await main(['extract', pdf, '--json'], piped)).toBe(0);
    expect(piped.progressLines).toEqual([]);
    expect(JSON.parse(piped.stdout.join('\n'))).toHaveLength(3);
  }, 60_000);

  it('exits 2 with a clear message when the file cannot be read', async () => {
    const io = capture();
    expect(await main(['check', path.join(dir, 'missing.pdf')], io)).toBe(2);
    expect(io.stderr.join('\n')).toBe(`citecheck check: no such file: ${path.join(dir, 'missing.pdf')}`);
    const folder = capture();
    expect(await main(['extract', dir], folder)).toBe(2);
    expect(folder.stderr.join('\n')).toBe(`citecheck extract: ${dir} is a folder; give a .pdf, .docx or .txt file`);
  });

  it('refuses a file that is not a document, in the upload wording', async () => {
    const exe = path.join(dir, 'program.pdf');
    writeFileSync(exe, Buffer.from('MZ\x90\x00\x03\x00\x00\x00binary', 'binary'));
    const io = capture();
    expect(await main(['extract', exe], io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/File type must be/);
  });
});

import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commentsOf, readWithPdfjs, unzipAll } from '@citecheck/annotate/testing';
import { simpleDocx, textPdf } from '@citecheck/reading/fixtures';
import { main, type CliIO } from '../main';

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), progress: () => undefined, isTTY: false };
}

const PARAGRAPHS = [
  'Plaintiff must plead enough facts. Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 570 (2007).',
  'Courts have applied the Convention. Kaufman v. Alitalia Airlines, Inc., 477 U.S. 242, 248 (1986). Jurisdiction lies under 28 U.S.C. § 1332(a).',
];

describe('citecheck check --annotate', () => {
  let dir: string;
  const saved = process.env.DATA_DIR;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'citecheck-annotate-'));
    process.env.DATA_DIR = path.join(dir, 'data');
  });
  afterAll(() => {
    process.env.DATA_DIR = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the .docx back with a comment on the flagged citation', async () => {
    const input = path.join(dir, 'brief.docx');
    writeFileSync(input, await simpleDocx(PARAGRAPHS));
    const out = path.join(dir, 'annotated.docx');
    const io = capture();
    // The demo index holds both cases: Kaufman's citation is Anderson v. Liberty Lobby's.
    expect(await main(['check', input, '--annotate', out], io)).toBe(1);
    expect(io.stderr.join('\n')).toContain(`annotated copy: ${out} (1 finding marked)`);
    const comments = commentsOf((await unzipAll(readFileSync(out))).find((e) => e.name === 'word/comments.xml')!.data.toString('utf8'));
    expect(comments.map((c) => c.text.split('\n')[0])).toEqual([expect.stringMatching(/^CiteCheck checked this document on /), 'Invalid: Kaufman v. Alitalia Airlines, Inc., 477 U.S. 242']);
    expect(comments[1].text).toMatch(/Anderson v\. Liberty Lobby/);
    expect(comments.every((c) => c.author === 'CiteCheck')).toBe(true);
  });

  it('writes the .pdf back with a highlight on the flagged citation', async () => {
    const input = path.join(dir, 'brief.pdf');
    writeFileSync(input, await textPdf([PARAGRAPHS]));
    const out = path.join(dir, 'annotated.pdf');
    const io = capture();
    expect(await main(['check', input, '--annotate', out], io)).toBe(1);
    const pages = await readWithPdfjs(readFileSync(out));
    const highlights = pages[0].annotations.filter((a) => a.subtype === 'Highlight');
    expect(highlights).toHaveLength(1);
    expect(highlights[0].contents).toMatch(/^Invalid: Kaufman v\. Alitalia Airlines, Inc\., 477 U\.S\. 242/);
  });

  it('refuses an output of the other format, and writes nothing', async () => {
    const input = path.join(dir, 'brief.docx');
    writeFileSync(input, await simpleDocx(PARAGRAPHS));
    const io = capture();
    const out = path.join(dir, 'wrong.pdf');
    expect(await main(['check', input, '--annotate', out], io)).toBe(2);
    expect(io.stderr.join('\n')).toContain('--annotate of a Word document writes a .docx (a PDF of it would need a word processor): name the output out.docx');
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('says why a plain-text file gets no annotated copy', async () => {
    const txt = path.join(dir, 'brief.txt');
    writeFileSync(txt, PARAGRAPHS.join('\n\n'));
    const io = capture();
    expect(await main(['check', txt, '--annotate', path.join(dir, 'out.txt')], io)).toBe(2);
    expect(io.stderr.join('\n')).toContain('--annotate needs a .docx or .pdf document');
  });
});

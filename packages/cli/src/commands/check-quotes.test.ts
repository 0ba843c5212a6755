/**
 * `citecheck check` with quotations: each case citation's quotations checked against the
 * opinion text of an index imported with an opinions file, in `--json` as
 * `quotes: [{ text, status, foundPage, message }]`, and exit 1 when one is altered or not found.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importBulkData } from '@citecheck/caselaw';
import { writeSnapshotFolder } from '@citecheck/caselaw/testing/bulk-snapshot';
import { main, type CliIO } from '../main';

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), progress: () => undefined, isTTY: false };
}

const SMITH = 'Smith v. Jones, 925 F.3d 1320, 1321 (11th Cir. 2019)';

describe('citecheck check: quotations', () => {
  let dir: string;
  let index: string;
  const saved = process.env.COURTLISTENER_TOKEN;
  beforeAll(async () => {
    delete process.env.COURTLISTENER_TOKEN;
    dir = mkdtempSync(path.join(tmpdir(), 'citecheck-quotes-'));
    const bulk = writeSnapshotFolder(path.join(dir, 'bulk'));
    index = path.join(dir, 'caselaw.sqlite');
    await importBulkData([bulk], { indexPath: index, authoritative: true });
  });
  afterAll(() => {
    if (saved !== undefined) process.env.COURTLISTENER_TOKEN = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async (brief: string): Promise<{ code: number; rows: Array<Record<string, any>>; io: ReturnType<typeof capture> }> => {
    const file = path.join(dir, `brief-${Math.random().toString(36).slice(2)}.txt`);
    writeFileSync(file, brief);
    const io = capture();
    const code = await main(['check', file, '--json', '--index', index], io);
    return { code, rows: JSON.parse(io.stdout.join('\n')), io };
  };

  it('a quotation found on its pin page: verified, exit 0; a case citation without quotations gets an empty list', async () => {
    const { code, rows, io } = await run(`A court "may not weigh the credibility of witnesses." ${SMITH}. See also Alpha v. Beta, 550 U.S. 544 (2007).`);
    expect(rows[0].quotes).toEqual([
      { text: 'may not weigh the credibility of witnesses.', status: 'verified', foundPage: '1321', message: 'Found on page 1321 of the opinion, as cited.', pin: '1321', opinionText: expect.stringContaining('may not weigh'), diff: null },
    ]);
    expect(rows[1].quotes).toEqual([]);
    expect(io.stderr.join('\n')).toMatch(/1 quotation: 0 altered, 0 not found in the opinion/);
    expect(code).toBe(0);
  });

  it('an altered quotation exits 1 and shows both sides with the changed words marked', async () => {
    const { code, rows } = await run(`The court held that "[t]he contract required the buyer to give notice within thirty days." ${SMITH}.`);
    expect(code).toBe(1);
    const [q] = rows[0].quotes;
    expect(q).toMatchObject({ status: 'altered', foundPage: '1321' });
    expect(q.message).toMatch(/^The opinion's words differ \(page 1321\)/);
    expect(q.diff.opinion.filter((p: { changed: boolean }) => p.changed).map((p: { text: string }) => p.text).join(' ')).toMatch(/not require/);
    expect(q.opinionText).toMatch(/did not require the buyer/);
  });

  it('an invented quotation is not found, and exits 1; on another page it is named', async () => {
    const invented = await run(`The court held that "a seller who stays silent waives every defense to a late notice." ${SMITH}.`);
    expect(invented.code).toBe(1);
    expect(invented.rows[0].quotes[0]).toMatchObject({ status: 'not-found', foundPage: null, message: 'These words were not found in the opinion, nor anything close to them.' });
    const wrongPage = await run(`"Because the seller never objected, the buyer's delay did not forfeit its claim." ${SMITH.replace('1321', '1321')}.`);
    expect(wrongPage.rows[0].quotes[0]).toMatchObject({ status: 'wrong-page', foundPage: '1322' });
  });

  it('a case without text in the index: unchecked, saying why', async () => {
    const { code, rows } = await run('The court "reversed the judgment of the court of appeals in full." Gamma v. Delta, 926 F.3d 100, 104 (9th Cir. 2019).');
    expect(rows[0].quotes).toEqual([expect.objectContaining({ status: 'unchecked', message: 'Not checked: the text of this opinion is not available.' })]);
    expect(code).toBe(0);
  });
});

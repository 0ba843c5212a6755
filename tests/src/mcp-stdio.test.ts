/**
 * `citecheck mcp` as an MCP client starts it: the official SDK's client spawns the command,
 * lists the tools and calls each over stdio. Offline: CourtListener is configured (a token and
 * a local stand-in's address), and the stand-in must see no request, unless the command is
 * told `--courtlistener`, which shows the count would catch a call.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { FakeCourtListener } from '../../packages/caselaw/src/testing/fake-courtlistener';
import { importBulkData } from '@citecheck/caselaw';
import { writeSnapshotFolder } from '@citecheck/caselaw/testing/bulk-snapshot';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'packages', 'cli', 'bin', 'citecheck.js');
const TEXT =
  'Dismissal is proper. Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009); Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007). ' +
  'See Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019). Id. at 1345. Jurisdiction lies under 28 U.S.C. § 1331.';

let dataDir: string;
let courtListener: FakeCourtListener;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-mcp-'));
  courtListener = new FakeCourtListener([
    {
      clusterId: 1,
      caseName: 'Ashcroft v. Iqbal',
      dateFiled: '2009-05-18',
      docketId: 1,
      court: { id: 'scotus', citationString: 'SCOTUS', fullName: 'Supreme Court of the United States' },
      citations: ['556 U.S. 662'],
    },
  ]);
  await courtListener.start();
});

afterAll(async () => {
  await courtListener.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function connect(args: string[] = []): Promise<Client> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  Object.assign(env, { DATA_DIR: dataDir, COURTLISTENER_TOKEN: 'test-token', COURTLISTENER_URL: courtListener.url, LOG_LEVEL: 'silent' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...args], env, cwd: ROOT, stderr: 'pipe' });
  const client = new Client({ name: 'citecheck-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

type Structured = Record<string, any>;

it('lists the tools and answers each over stdio, with nothing sent to CourtListener', async () => {
  const client = await connect();
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['check_citations', 'extract_citations', 'find_quote', 'verify_citation']);
    for (const tool of tools) {
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      expect(tool.description!.length).toBeGreaterThan(40);
    }

    const checked = await client.callTool({ name: 'check_citations', arguments: { text: TEXT } });
    expect(checked.isError).toBeFalsy();
    const check = checked.structuredContent as Structured;
    const byText = (text: string) => check.citations.find((c: Structured) => c.text.includes(text));
    expect(byText('556 U.S. 662')).toMatchObject({ type: 'case', caseName: 'Ashcroft v. Iqbal', pinCite: '678', verdict: { status: 'valid', isValid: true } });
    expect(byText('556 U.S. 662').verdict.matchedCase).toMatchObject({ name: 'Ashcroft v. Iqbal', year: 2009 });
    expect(byText('556 U.S. 662').verdict.checkedAgainst).toMatch(/demo data/);
    // Varghese is one of Mata v. Avianca's inventions; the demo data is not authoritative, so it is left unverified.
    expect(byText('925 F.3d 1339').verdict.status).toBe('unverified');
    expect(byText('925 F.3d 1339').verdict.suggestion).toEqual(expect.any(String));
    expect(byText('1331')).toMatchObject({ type: 'statute', verdict: { status: 'not_checked' } });
    expect(check.summary).toMatchObject({ cases: 4, valid: 2 });
    expect(JSON.parse((checked.content as { text: string }[])[0].text)).toEqual(check);

    const verified = await client.callTool({ name: 'verify_citation', arguments: { citation: '550 U.S. 544', case_name: 'Bell Atlantic Corp. v. Twombly' } });
    expect((verified.structuredContent as Structured).citation).toMatchObject({ normalized: '550 U.S. 544', verdict: { status: 'valid' } });
    const misnamed = await client.callTool({ name: 'verify_citation', arguments: { citation: '550 U.S. 544', case_name: 'Smith v. Jones' } });
    expect((misnamed.structuredContent as Structured).citation.verdict).toMatchObject({ status: 'invalid', matchedCase: { name: 'Bell Atlantic Corp. v. Twombly' } });
    const notACitation = await client.callTool({ name: 'verify_citation', arguments: { citation: 'no citation here' } });
    expect(notACitation.isError).toBe(true);
    expect(JSON.parse((notACitation.content as { text: string }[])[0].text)).toMatchObject({ error: 'no_citation' });

    const extracted = await client.callTool({ name: 'extract_citations', arguments: { text: TEXT } });
    const extract = extracted.structuredContent as Structured;
    expect(extract.total).toBe(5);
    expect(extract.citations.map((c: Structured) => [c.form, c.normalized])).toEqual([
      ['full', '556 U.S. 662'],
      ['full', '550 U.S. 544'],
      ['full', '925 F.3d 1339'],
      ['id', 'Id. at 1345'],
      ['full', '28 U.S.C. § 1331'],
    ]);
    expect(extract.citations[3].antecedent).toBe('925 F.3d 1339');
    expect(extract.citations[0]).not.toHaveProperty('verdict');
  } finally {
    await client.close();
  }
  expect(courtListener.requests).toHaveLength(0);
}, 60_000);

it('asks CourtListener only when told to (--courtlistener)', async () => {
  const client = await connect(['--courtlistener']);
  try {
    const verified = await client.callTool({ name: 'verify_citation', arguments: { citation: '999 F.3d 1', case_name: 'Nobody v. Nothing' } });
    expect(verified.isError).toBeFalsy();
  } finally {
    await client.close();
  }
  expect(courtListener.requests.length).toBeGreaterThan(0);
}, 60_000);

it('find_quote: words checked against the opinion text of the index (verified, altered with the change marked, not found), offline', async () => {
  const bulk = writeSnapshotFolder(path.join(dataDir, 'bulk-quotes'));
  const index = path.join(dataDir, 'quotes.sqlite');
  await importBulkData([bulk], { indexPath: index, authoritative: true });
  const before = courtListener.requests.length;
  const client = await connect(['--index', index]);
  try {
    const tool = (await client.listTools()).tools.find((x) => x.name === 'find_quote')!;
    expect(tool.outputSchema).toMatchObject({ type: 'object' });
    const call = async (citation: string, quote: string) => client.callTool({ name: 'find_quote', arguments: { citation, quote } });
    const cite = 'Smith v. Jones, 925 F.3d 1320, 1321 (11th Cir. 2019)';

    const verified = (await call(cite, 'may not weigh the "credibility" of witnesses')).structuredContent as Structured;
    expect(verified.citation).toMatchObject({ normalized: '925 F.3d 1320', pinCite: '1321', verdict: { status: 'valid' } });
    expect(verified.quote).toMatchObject({ status: 'verified', foundPage: '1321', message: 'Found on page 1321 of the opinion, as cited.' });

    const altered = await call(cite, 'The contract required the buyer to give notice within thirty days.');
    expect(altered.isError).toBeFalsy();
    const a = (altered.structuredContent as Structured).quote;
    expect(a).toMatchObject({ status: 'altered', foundPage: '1321' });
    expect(a.diff.opinion.filter((p: Structured) => p.changed).map((p: Structured) => p.text).join(' ')).toMatch(/not/);
    expect(JSON.parse((altered.content as { text: string }[])[0].text)).toEqual(altered.structuredContent);

    const invented = (await call(cite, 'a seller who stays silent waives every defense to a late notice')).structuredContent as Structured;
    expect(invented.quote).toMatchObject({ status: 'not-found', foundPage: null });

    const refused = await call('no citation here', 'some words of a court that are long enough');
    expect(refused.isError).toBe(true);
    expect(JSON.parse((refused.content as { text: string }[])[0].text)).toMatchObject({ error: 'no_quote' });
  } finally {
    await client.close();
  }
  expect(courtListener.requests.length).toBe(before);
}, 60_000);

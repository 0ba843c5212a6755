/**
 * The main job end to end, in embedded mode, over real HTTP and WebSocket: verified users
 * upload generated briefs; progress arrives in SPEC's order; the answer holds every
 * citation with the verdict the fixture table expects; reports add up and open signed out;
 * 20 users at once each see only their own progress; the report limit holds under a race.
 */
import { usePipelineProduct } from './support/embedded-product';
import { briefCitations, briefPages, makeDocx, makePdf, type FixtureCitation } from './pipeline-fixtures';
import { DOCX_TYPE, STEP_ORDER, listen, upload, verifiedUser, type ProgressMessage, type UploadResult } from './pipeline-harness';

jest.setTimeout(240_000);

let url: string;
usePipelineProduct('pipeline', (product) => (url = product.url));

let users = 0;
const newUser = () => verifiedUser(url, `lawyer${++users}-${Date.now()}@example.com`);

/** Steps in SPEC order (skips allowed), progress never backwards, one session, start..complete. */
function expectOrderedProgress(messages: ProgressMessage[], sessionId: string): void {
  expect(messages.length).toBeGreaterThan(3);
  expect(messages.every((m) => m.sessionId === sessionId)).toBe(true);
  expect(messages[0].step).toBe('start');
  expect(messages[messages.length - 1].step).toBe('complete');
  for (let i = 1; i < messages.length; i++) {
    expect(STEP_ORDER.indexOf(messages[i].step)).toBeGreaterThanOrEqual(STEP_ORDER.indexOf(messages[i - 1].step));
    expect(messages[i].progress).toBeGreaterThanOrEqual(messages[i - 1].progress);
  }
  for (const step of ['upload', 'extraction', 'processing', 'citations', 'validation', 'consolidation', 'report', 'stats']) {
    expect(messages.map((m) => m.step)).toContain(step);
  }
}

/** Every expected citation, in document order, with its verdict. */
function expectVerdicts(result: UploadResult, expected: FixtureCitation[]): void {
  const citations = result.body.citations!;
  expect(citations.map((c) => c.text)).toEqual(expected.map((c) => c.text));
  expect(citations.map((c) => c.isValid)).toEqual(expected.map((c) => c.isValid));
  expect(new Set(citations.map((c) => c.id)).size).toBe(citations.length);
}

describe('a verified user checks a brief', () => {
  it('20-page PDF: ordered progress, every verdict, a report that adds up and opens signed out', async () => {
    const token = await newUser();
    const expected = briefCitations(30);
    const pdf = await makePdf(briefPages(20, expected));
    const sessionId = `pdf-${Date.now()}`;
    const channel = await listen(url, sessionId);

    const result = await upload(url, token, pdf, 'Brief (final).pdf', sessionId);
    expect(result.status).toBe(200);
    expect(result.body.document?.filename).toBe('Brief (final).pdf');
    expectVerdicts(result, expected);
    // Two citations per page on 15 pages... each citation sits on the page it was written on.
    const perPage = Math.ceil(expected.length / 20);
    result.body.citations!.forEach((c, i) => expect(c.page).toBe(Math.floor(i / perPage) + 1));

    await channel.done;
    channel.close();
    expectOrderedProgress(channel.messages, sessionId);
    const complete = channel.messages[channel.messages.length - 1];
    expect(complete.citationCount).toBe(30);
    expect(complete.processingStats?.courtListenerCalls).toBeGreaterThan(0);
    expect(channel.messages.some((m) => m.validationProgress?.completed === 30 && m.validationProgress.total === 30)).toBe(true);

    const documentId = result.body.document!.id;
    const first = await fetch(`${url}/api/documents/${documentId}/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    });
    expect(first.status).toBe(200);
    const { report } = (await first.json()) as { report: Record<string, unknown> };
    const valid = expected.filter((c) => c.isValid === true).length;
    const invalid = expected.filter((c) => c.isValid === false).length;
    // Accuracy is over the citations that were checked (valid or invalid), not over all 30.
    expect(report).toMatchObject({ documentId, totalCitations: 30, validCitations: valid, invalidCitations: invalid, accuracyRate: valid + invalid > 0 ? Math.round((valid / (valid + invalid)) * 100) : 0 });
    expect(report.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const second = (await (await fetch(`${url}/api/documents/${documentId}/report`, { method: 'POST' })).json()) as { report: { id: string } };
    expect(second.report.id).toBe(report.id);

    // Signed out: no credentials at all.
    const shared = await fetch(`${url}/api/reports/${report.id}`);
    expect(shared.status).toBe(200);
    const page = (await shared.json()) as { report: { id: string }; document: Record<string, unknown> };
    expect(page.report.id).toBe(report.id);
    expect(page.document).toMatchObject({ id: documentId, filename: 'Brief (final).pdf', fileType: 'pdf' });
    expect(page.document).not.toHaveProperty('userEmail');
    const citations = (await (await fetch(`${url}/api/documents/${documentId}/citations`)).json()) as { citations: unknown[] };
    expect(citations.citations).toEqual(result.body.citations);
    expect((await fetch(`${url}/api/reports/not-a-report`)).status).toBe(404);

    const stats = (await (await fetch(`${url}/api/usage-stats`)).json()) as { totalCitations: number };
    // Only case citations that got a verdict count as verified; unverified ones (the demo index lacks them) do not.
    const verified = result.body.citations!.filter((c) => c.type === 'case' && c.isValid !== null).length;
    expect(verified).toBeLessThan(result.body.citations!.filter((c) => c.type === 'case').length);
    expect(stats.totalCitations).toBe(verified);
  });

  it('.docx: verdicts with paragraphs and no page numbers', async () => {
    const token = await newUser();
    const expected = briefCitations(15);
    const docx = await makeDocx(briefPages(3, expected).flat());
    const sessionId = `docx-${Date.now()}`;
    const channel = await listen(url, sessionId);
    const result = await upload(url, token, docx, 'motion.docx', sessionId, DOCX_TYPE);
    expect(result.status).toBe(200);
    expectVerdicts(result, expected);
    expect(result.body.citations!.every((c) => c.page === null && typeof c.paragraph === 'number')).toBe(true);
    // Every case looked up says it was checked against the demo sample, in a lawyer's words.
    const sources = (result.body.citations as unknown as { type: string; checkedAgainst?: string | null }[]).filter((c) => c.type === 'case').map((c) => c.checkedAgainst);
    expect(new Set(sources)).toEqual(new Set(['demo data (a small sample of well-known cases)']));
    await channel.done;
    channel.close();
    expectOrderedProgress(channel.messages, sessionId);
  });

  it('refuses anonymous uploads and files that are not PDF or .docx, by content', async () => {
    const anonymous = await upload(url, null, await makePdf([['x']]), 'a.pdf', 'anon');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: 'authentication_required' });
    expect(typeof anonymous.body.message).toBe('string');

    const token = await newUser();
    const fake = await upload(url, token, Buffer.from('MZ\x90\x00 this is not a brief'), 'brief.pdf', 'fake');
    expect(fake.status).toBe(415);
    expect(fake.body).toEqual({
      message: 'File type must be one of application/pdf, application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      error: 'file-invalid-type',
    });
    const big = await upload(url, token, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]), 'big.pdf', 'big');
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: 'File is larger than 10485760 bytes', error: 'file-too-large' });
  });

  it('a damaged PDF fails with the reader message, and the report is given back', async () => {
    const token = await newUser();
    const sessionId = `broken-${Date.now()}`;
    const channel = await listen(url, sessionId);
    const broken = await upload(url, token, Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\nthis is not a pdf body'), 'broken.pdf', sessionId);
    expect(broken.status).toBe(422);
    expect(broken.body.error).toMatch(/^pdf-|^no-text$|^read-/);
    expect(typeof broken.body.message).toBe('string');
    const last = await channel.done;
    channel.close();
    expect(last.step).toBe('error');
    expect(last.message).toBe(broken.body.message);
    // The five free reports are all still there: five more uploads go through.
    const usage = (await (await fetch(`${url}/api/user/report-usage`, { headers: { authorization: `Bearer ${token}` } })).json()) as { reportsUsed: number };
    expect(usage.reportsUsed).toBe(0);
  });
});

describe('many at once', () => {
  it('20 users upload at the same time; each receives only its own progress', async () => {
    const tokens = await Promise.all(Array.from({ length: 20 }, () => newUser()));
    const expected = briefCitations(15);
    const pdf = await makePdf(briefPages(5, expected));
    const channels = await Promise.all(tokens.map((_, i) => listen(url, `crowd-${i}`)));
    const results = await Promise.all(tokens.map((token, i) => upload(url, token, pdf, `brief-${i}.pdf`, `crowd-${i}`)));
    for (const result of results) {
      expect(result.status).toBe(200);
      expectVerdicts(result, expected);
    }
    expect(new Set(results.map((r) => r.body.document!.id)).size).toBe(20);
    await Promise.all(channels.map((c) => c.done));
    channels.forEach((channel, i) => {
      channel.close();
      expectOrderedProgress(channel.messages, `crowd-${i}`);
    });
  });

  it('a user with one report left racing five uploads gets exactly one through', async () => {
    const token = await newUser();
    const small = await makeDocx(briefPages(1, briefCitations(2)).flat());
    for (let i = 0; i < 4; i++) expect((await upload(url, token, small, `warm-${i}.docx`, `warm-${i}`, DOCX_TYPE)).status).toBe(200);
    const race = await Promise.all(Array.from({ length: 5 }, (_, i) => upload(url, token, small, `race-${i}.docx`, `race-${i}`, DOCX_TYPE)));
    expect(race.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = race.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ limitReached: true, reportsUsed: 5, reportLimit: 5, userType: 'free' });
    }
  });
});

describe('the supergraph', () => {
  const graphqlCall = async (query: string, variables: Record<string, unknown>, token?: string) => {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data: any; errors?: unknown[] };
    expect({ status: response.status, errors: body.errors }).toEqual({ status: 200, errors: undefined });
    return body;
  };

  it('answers one query across ingest and validation, and the user across identity', async () => {
    const token = await newUser();
    const expected = briefCitations(4);
    const result = await upload(url, token, await makeDocx(briefPages(1, expected).flat()), 'short.docx', `gql-${Date.now()}`, DOCX_TYPE);
    expect(result.status).toBe(200);
    const documentId = result.body.document!.id;

    const generated = await graphqlCall('mutation($id: ID!) { generateReport(documentId: $id) { id totalCitations } }', { id: documentId });
    expect(generated.data.generateReport.totalCitations).toBe(4);

    // Signed out, by the report link: ingest's report and document, validation's citations.
    const shared = await graphqlCall(
      'query($id: ID!) { report(id: $id) { report { id } document { id filename userEmail citations { id text isValid checkedAgainst } } } }',
      { id: generated.data.generateReport.id },
    );
    expect(shared.errors).toBeUndefined();
    expect(shared.data.report.document).toMatchObject({ id: documentId, filename: 'short.docx', userEmail: null });
    // What each verdict was checked against, as the REST answer says it.
    expect(shared.data.report.document.citations).toEqual(result.body.citations!.map((c) => ({ id: c.id, text: c.text, isValid: c.isValid, checkedAgainst: c.checkedAgainst })));
    expect(shared.data.report.document.citations.every((c: { checkedAgainst: string | null }) => typeof c.checkedAgainst === 'string')).toBe(true);

    const byId = await graphqlCall('query($id: ID!) { document(id: $id) { fileType validationReport { totalCitations } citations { text } } usageStats { totalCitations } }', { id: documentId });
    expect(byId.data.document).toMatchObject({ fileType: 'docx', validationReport: { totalCitations: 4 } });
    expect(byId.data.document.citations).toHaveLength(4);
    expect(byId.data.usageStats.totalCitations).toBeGreaterThan(0);

    // Recheck through the supergraph, as the uploader: the same verdict as the upload gave.
    const first = result.body.citations![0];
    const rechecked = await graphqlCall('mutation($id: ID!) { recheckCitation(id: $id) { id text isValid } }', { id: first.id }, token);
    expect(rechecked.data.recheckCitation).toEqual({ id: first.id, text: first.text, isValid: first.isValid });

    const me = await graphqlCall('{ me { email userType } }', {}, token);
    expect(me.data.me).toMatchObject({ userType: 'free' });
    expect((await graphqlCall('{ me { email } }', {})).data.me).toBeNull();
  });

  it('checks the quotations of a .docx against the demo opinions: inline and indented, in REST and GraphQL, kept by a recheck', async () => {
    const token = await newUser();
    const { Document, Packer, Paragraph } = await import('docx');
    const BLOCK = 'On order of the Court, the application for leave to appeal the February 27, 2007 judgment of the Court of Appeals is considered, and it is GRANTED, because we are persuaded that the questions presented should be reviewed by this Court.';
    const docx = Buffer.from(
      await Packer.toBuffer(
        new Document({
          sections: [
            {
              children: [
                new Paragraph({ text: 'ARGUMENT' }),
                new Paragraph({ text: 'The court held "that § 66.0217(11)(c) bars the Town\'s suit and that the Town may not obtain review of the annexation by the common law writ of certiorari." Town of Merrimac v. Village of Merrimac, 2008 WI App 98, ¶ 1, 753 N.W.2d 552, 553.' }),
                new Paragraph({ text: 'The Supreme Court of Michigan disposed of the application in these words:' }),
                // A block quotation, set in half an inch on both sides, as Word does.
                new Paragraph({ text: BLOCK, indent: { left: 720, right: 720 } }),
                new Paragraph({ text: 'Fieger v. Cox, 480 Mich. 874, 737 N.W.2d 768, 769 (2007). Jurisdiction lies under 28 U.S.C. § 1331.' }),
              ],
            },
          ],
        }),
      ),
    );
    const result = await upload(url, token, docx, 'quotes.docx', `quotes-${Date.now()}`, DOCX_TYPE);
    expect(result.status).toBe(200);
    type Quoted = { id: string; text: string; type: string; quotes?: { text: string; status: string; foundPage: string | null; message: string }[] };
    const citations = result.body.citations as unknown as Quoted[];
    const quotesOf = (cite: string) => citations.find((c) => c.text.includes(cite))!.quotes;
    expect(quotesOf('2008 WI App 98')).toEqual([expect.objectContaining({ status: 'verified', foundPage: '553', message: 'Found on page 553 of the opinion, as cited.' })]);
    expect(quotesOf('480 Mich. 874')).toEqual([expect.objectContaining({ text: BLOCK, status: 'altered', foundPage: '768-769' })]);
    expect(quotesOf('480 Mich. 874')![0].message).toMatch(/^The opinion's words differ \(page 768-769\)/);
    expect(citations.find((c) => c.type === 'statute')!.quotes).toBeUndefined();

    const documentId = result.body.document!.id;
    const query = 'query($id: ID!) { document(id: $id) { citations { id quotes { text status foundPage message diff { opinion { text changed } } } } } }';
    const viaGraphql = (await graphqlCall(query, { id: documentId }, token)).data.document.citations as { id: string; quotes: { status: string; diff: { opinion: { text: string; changed: boolean }[] } | null }[] | null }[];
    const michigan = viaGraphql.find((c) => c.id === citations.find((x) => x.text.includes('480 Mich. 874'))!.id)!;
    expect(michigan.quotes!.map((q) => q.status)).toEqual(['altered']);
    expect(michigan.quotes![0].diff!.opinion.filter((p) => p.changed).map((p) => p.text).join(' ')).toMatch(/DENIED/);

    // A recheck gives the citation its verdict again and keeps its quotations.
    const first = citations.find((c) => c.text.includes('2008 WI App 98'))!;
    await graphqlCall('mutation($id: ID!) { recheckCitation(id: $id) { id isValid } }', { id: first.id }, token);
    const after = (await graphqlCall(query, { id: documentId }, token)).data.document.citations as { id: string; quotes: { status: string }[] }[];
    expect(after.find((c) => c.id === first.id)!.quotes.map((q) => q.status)).toEqual(['verified']);
  });
});

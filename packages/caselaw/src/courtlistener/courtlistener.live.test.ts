/**
 * A small smoke suite against the real CourtListener API, run only when COURTLISTENER_TOKEN is
 * set (it spends a few citations of the account's quota). Otherwise it says it was skipped.
 */
import { findCitations } from '@citecheck/citations';
import { verify } from '../verdict/verify';
import { courtListenerFromEnv } from './provider';

const provider = courtListenerFromEnv(process.env, { timeoutMs: 30_000 });
const live = provider ? describe : describe.skip;
if (!provider) {
  // Jest hides console output of a file whose tests are all skipped: say it on stderr too.
  console.log('SKIPPED: live CourtListener suite (no COURTLISTENER_TOKEN)');
  process.stderr.write('SKIPPED: live CourtListener suite (no COURTLISTENER_TOKEN)\n');
}

live('live CourtListener', () => {
  jest.setTimeout(120_000);

  it('finds Twombly with its court, and does not find the Varghese fabrication as named', async () => {
    const citations = findCitations(
      'Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007); Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019).',
    );
    const { verdicts, caseLawCalls } = await verify(citations, [provider!], { now: new Date() });
    expect(verdicts[0]).toMatchObject({ isValid: true, courtListenerData: { caseName: expect.stringContaining('Twombly'), year: 2007 } });
    expect(verdicts[0].courtListenerData?.absolute_url).toMatch(/^https:\/\/www\.courtlistener\.com\/opinion\/\d+\//);
    expect(verdicts[1].isValid).toBe(false);
    expect(caseLawCalls).toBeGreaterThan(0);
  });

  it('fetches opinion text for a found case', async () => {
    const [r] = await provider!.lookup([{ id: 'x', volume: 550, reporter: 'U.S.', page: '544' }]);
    expect(r.status).toBe('found');
    const url = r.status === 'found' ? r.clusters[0].absoluteUrl! : '';
    expect((await provider!.fetchOpinionText(url)).length).toBeGreaterThan(1000);
  });
});

import pino from 'pino';
import { createSqliteStore } from '@citecheck/platform';
import { createEvent } from '@citecheck/proto';
import { usageRepository, userDirectory } from '../store/usage';
import { visitorRepository } from '../store/visitors';
import { adminUseCases } from './admin';
import { usageHandlers } from './record-usage';
import { trackingUseCases } from './track-visitors';

function setup(identity?: { adminOf: (caller: { authorization: string | null; cookie: string | null; ipAddress: string | null }) => Promise<string | null> }) {
  const store = createSqliteStore({ dir: ':memory:', service: 'analytics' });
  const clock = { now: () => new Date() };
  const usage = usageRepository(store);
  const handlers = usageHandlers({ usage, users: userDirectory(store), logger: pino({ level: 'silent' }) });
  const admin = adminUseCases({ identity, usage, clock, tracking: trackingUseCases({ visitors: visitorRepository(store), clock }) });
  return { admin, handlers };
}

const ADMIN = { authorization: 'Bearer {"email":"a","password":"b"}', ip: '127.0.0.1' };

describe('admin reads', () => {
  it('lists the usage records and their stats to the admin, whom identity recognises', async () => {
    const asked: [string | null, string | null][] = [];
    const { admin, handlers } = setup({
      adminOf: async ({ authorization, ipAddress }) => (asked.push([authorization, ipAddress]), authorization === ADMIN.authorization ? 'admin@citecheck.test' : null),
    });
    await handlers['document.uploaded'](
      createEvent('document.uploaded', { documentId: 'd1', filename: 'brief.pdf', fileType: 'pdf', size: 10, blobKey: 'k', sessionId: 's', userId: null, userEmail: null, ipAddress: '10.0.0.1', uploadedAt: new Date().toISOString() }, 'd1'),
    );
    expect(await admin.usageMetrics(ADMIN)).toMatchObject([{ id: 'd1', documentName: 'brief.pdf', status: 'processing' }]);
    expect(await admin.stats(ADMIN)).toMatchObject({ totalDocuments: 1 });
    expect(asked).toEqual([[ADMIN.authorization, ADMIN.ip], [ADMIN.authorization, ADMIN.ip]]);
    await expect(admin.usageMetrics({ authorization: null, ip: null })).rejects.toMatchObject({ status: 401 });
  });

  it('refuses every admin read when identity is not reachable (no IDENTITY_URL)', async () => {
    const { admin } = setup(undefined);
    await expect(admin.usageMetrics(ADMIN)).rejects.toMatchObject({ status: 403 });
    await expect(admin.stats(ADMIN)).rejects.toMatchObject({ status: 403 });
    await expect(admin.visitorAnalytics(ADMIN, {})).rejects.toMatchObject({ status: 403 });
  });
});

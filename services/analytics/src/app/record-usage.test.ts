import pino from 'pino';
import { createSqliteStore } from '@citecheck/platform';
import { createEvent } from '@citecheck/proto';
import { usageRepository, userDirectory } from '../store/usage';
import { usageHandlers } from './record-usage';

function setup() {
  const store = createSqliteStore({ dir: ':memory:', service: 'analytics' });
  const usage = usageRepository(store);
  const handlers = usageHandlers({ usage, users: userDirectory(store), logger: pino({ level: 'silent' }) });
  return { usage, handlers };
}

const uploaded = createEvent('document.uploaded', {
  documentId: 'd1', filename: 'brief.pdf', fileType: 'pdf', size: 1234, blobKey: 'k', sessionId: 's', userId: 'u1',
  userEmail: 'a@example.com', ipAddress: '10.0.0.1', uploadedAt: new Date().toISOString(),
}, 'd1');
const stats = { llmCalls: 2, courtListenerCalls: 3, llmTokensUsed: 500, processingTimeMs: 1200, ocrUsed: true };
const validated = createEvent('citations.validated', { documentId: 'd1', sessionId: 's', citations: [], stats }, 'd1');

describe('usage records', () => {
  it('one record per document, named from the user directory, with the pipeline figures', async () => {
    const { usage, handlers } = setup();
    await handlers['user.registered'](createEvent('user.registered', { userId: 'u1', name: 'Ann Lawyer', email: 'a@example.com', newsletterOptIn: false, userType: 'free', registeredAt: new Date().toISOString() }, 'u1'));
    await handlers['document.uploaded'](uploaded);
    await handlers['document.uploaded'](uploaded); // redelivered
    await handlers['citations.validated'](validated);
    // A later recheck publishes citations.validated again: the pipeline's figures stay.
    await handlers['citations.validated'](createEvent('citations.validated', { documentId: 'd1', sessionId: null, citations: [], stats: { ...stats, courtListenerCalls: 1 } }, 'd1'));
    expect(await usage.count()).toBe(1);
    expect(await usage.get('d1')).toMatchObject({
      documentName: 'brief.pdf', documentSize: 1234, ipAddress: '10.0.0.0', user: { name: 'Ann Lawyer', email: 'a@example.com', isVerified: false },
      ocrUsed: true, llmCalls: 2, llmTokensUsed: 500, courtListenerCalls: 3, processingTimeMs: 1200, status: 'validated',
    });
  });

  it('a result that overtakes its upload is refused, so the bus redelivers it later', async () => {
    const { handlers } = setup();
    await expect(handlers['citations.validated'](validated)).rejects.toThrow(/not there yet/);
  });
});

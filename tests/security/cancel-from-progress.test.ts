/**
 * Finding 4, the cancel a browser can make: the uploading tab learns its document's id from
 * the live channel's 'upload' message (the upload call answers only when the document is done),
 * so it can cancel a long scan while it is read. Only the uploader can.
 * - fails before: progress messages named no document, so a tab could not cancel its upload.
 */
import { usePipelineProduct } from '../src/support/embedded-product';
import { blankScanPdf } from '../src/pipeline-fixtures';
import { listen, upload, verifiedUser } from '../src/pipeline-harness';

jest.setTimeout(180_000);

let url: string;
usePipelineProduct('cancel', (product) => (url = product.url));

const cancel = (documentId: string, token: string) =>
  fetch(`${url}/api/documents/${documentId}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${token}`, origin: url } });

it('cancels a scan being read with the id the live channel gave, and only for its uploader', async () => {
  const owner = await verifiedUser(url, 'scanner@example.com');
  const stranger = await verifiedUser(url, 'stranger@example.com');
  const channel = await listen(url, 'tab-1');
  try {
    const started = Date.now();
    const uploading = upload(url, owner, await blankScanPdf(2000), 'scan.pdf', 'tab-1');
    let documentId: string | undefined;
    while (!documentId && Date.now() - started < 60_000) {
      documentId = (channel.messages.find((m) => m.step === 'upload') as { documentId?: string } | undefined)?.documentId;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(documentId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    expect((await cancel(documentId!, stranger)).status).toBe(404);
    const cancelled = await cancel(documentId!, owner);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ success: true, message: 'Cancelling' });

    const answer = await uploading;
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: 'Reading this document was cancelled.' });
    expect(await channel.done).toMatchObject({ step: 'error', message: 'Reading this document was cancelled.' });
    // Far sooner than the free plan's 25 scanned pages would take to refuse.
    expect(Date.now() - started).toBeLessThan(60_000);
  } finally {
    channel.close();
  }
});

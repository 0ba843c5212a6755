/**
 * The public API's documents (`POST /api/v1/documents`, `GET /api/v1/documents/{id}`): a
 * brief submitted with an API key, checked by the same pipeline as the browser's upload (the
 * same report taken from the owner's plan), answered at once with its id. The caller follows
 * it by polling, or is called back at the webhook address it gave (checked against SSRF
 * before anything is taken; app/webhooks.ts delivers).
 */
import { ApiError, webhookSigningKey, summarize, toApiDocumentCitation, type DocumentAccepted, type DocumentStatus } from '@citecheck/proto';
import type { ApiCaller } from '@citecheck/platform';
import { checkWebhookUrl, WebhookRefusedError, type WebhookPolicy } from '../adapters/webhooks';
import type { DocumentRecord } from '../store/documents';
import type { WebhookStore } from '../store/webhooks';
import { acceptDocument, type UploadDeps } from './upload-document';

export interface ApiDocumentDeps extends UploadDeps {
  webhooks: WebhookStore;
  webhookPolicy: WebhookPolicy;
  /** The product's address, for the report link (PUBLIC_URL). */
  publicUrl: string;
}

export interface SubmittedDocument {
  file: { buffer: Buffer; originalName: string };
  webhookUrl?: string;
  /** The caller's key, only to derive the webhook's signing key from; never stored. */
  apiKey: string;
  ipAddress: string | null;
}

export const documentNotFound = () => new ApiError(404, 'Document not found', 'not_found');

export async function submitDocumentForKey(deps: ApiDocumentDeps, caller: ApiCaller, input: SubmittedDocument): Promise<DocumentAccepted> {
  if (input.webhookUrl) {
    try {
      await checkWebhookUrl(input.webhookUrl, deps.webhookPolicy);
    } catch (error) {
      if (error instanceof WebhookRefusedError) throw new ApiError(400, error.message, 'webhook_refused');
      throw error;
    }
  }
  const webhookUrl = input.webhookUrl;
  const { document, usage } = await acceptDocument(
    deps,
    {
      user: caller.user,
      file: input.file,
      sessionId: null,
      ipAddress: input.ipAddress,
      // In place before the pipeline can finish, so no outcome goes unannounced.
      beforePublish: webhookUrl
        ? (stored) =>
            deps.webhooks.subscribe({
              id: stored.id,
              url: webhookUrl,
              signingKey: webhookSigningKey(input.apiKey),
              keyId: caller.key.id,
              userId: caller.user.id,
              createdAt: deps.clock.now().toISOString(),
            })
        : undefined,
    },
    { wait: false },
  );
  return { id: document.id, filename: document.filename, status: 'processing', statusUrl: `/api/v1/documents/${document.id}`, webhook: Boolean(webhookUrl), usage };
}

/** A document the key's owner submitted (any of their documents: the browser's uploads too). */
export async function documentForKey(deps: Pick<ApiDocumentDeps, 'store' | 'publicUrl'>, caller: ApiCaller, documentId: string): Promise<DocumentStatus> {
  const document = await deps.store.document(documentId);
  // Someone else's document reads as none at all.
  if (!document || document.userId !== caller.user.id) throw documentNotFound();
  return documentStatus(deps, document);
}

export async function documentStatus(deps: Pick<ApiDocumentDeps, 'store' | 'publicUrl'>, document: DocumentRecord): Promise<DocumentStatus> {
  const status = document.stage === 'validated' ? 'completed' : document.stage === 'failed' ? 'failed' : 'processing';
  let citations: DocumentStatus['citations'] = null;
  let reportUrl: string | null = null;
  if (status === 'completed') {
    citations = ((await deps.store.citationsOf(document.id))?.citations ?? []).map(toApiDocumentCitation);
    const report = await deps.store.reportOfDocument(document.id);
    if (report) reportUrl = `${deps.publicUrl.replace(/\/+$/, '')}/report/${report.id}`;
  }
  return {
    id: document.id,
    filename: document.filename,
    status,
    stage: document.stage,
    uploadedAt: document.uploadedAt,
    citations,
    summary: citations ? summarize(citations) : null,
    reportUrl,
    error: status === 'failed' ? { code: document.failure?.code ?? 'failed', message: document.failure?.message ?? 'Processing failed' } : null,
  };
}

/**
 * Recheck (SPEC: "Recheck re-runs validation and reloads the citations"): a fresh verdict
 * for one citation, stored, and the document's updated set published as
 * `citations.validated` so ingest's read copy (what the browser reloads) follows.
 * A short form (Id., supra) takes its verdict from its full citation, so it is rechecked
 * together with the rest of its document.
 */
import { verify, type CaseLawProvider } from '@citecheck/caselaw';
import type { Bus, Clock } from '@citecheck/platform';
import { ApiError, createEvent, topics, type ValidatedCitation } from '@citecheck/proto';
import { caseLawCalls, perDocument } from './caselaw/providers';
import { toEngineCitation, withVerdict } from './domain/citations';
import type { CitationRepository } from './store/citations';

export async function recheckCitation(
  deps: { bus: Bus; clock: Clock; citations: CitationRepository; providers: () => CaseLawProvider[] },
  citationId: string,
): Promise<ValidatedCitation> {
  const record = await deps.citations.get(citationId);
  if (!record) throw new ApiError(404, 'Citation not found', 'citation_not_found');
  const started = Date.now();
  const providers = perDocument(deps.providers());
  const all = await deps.citations.ofDocument(record.documentId);
  const needsDocument = record.citation.form !== 'full';
  const batch = needsDocument ? all : [record.citation];
  const { verdicts } = await verify(batch.map(toEngineCitation), providers, { now: deps.clock.now() });
  const updated = withVerdict(record.citation, verdicts[needsDocument ? record.index : 0]);
  await deps.citations.update(updated, deps.clock.now());

  const citations = all.map((c) => (c.id === updated.id ? updated : c));
  const event = createEvent(
    topics['citations.validated'],
    {
      documentId: record.documentId,
      sessionId: null,
      citations,
      stats: { llmCalls: 0, courtListenerCalls: caseLawCalls(providers), llmTokensUsed: 0, processingTimeMs: Date.now() - started, ocrUsed: false },
    },
    record.documentId,
  );
  await deps.bus.publish(event.type, record.documentId, event);
  return updated;
}

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
import { caseLawCalls, perDocument } from '../adapters/caselaw';
import { toEngineCitation, withVerdict } from '../domain/citations';
import type { CitationRepository } from '../store/citations';

export async function recheckCitation(
  deps: { bus: Bus; clock: Clock; citations: CitationRepository; providers: () => CaseLawProvider[] },
  citationId: string,
): Promise<ValidatedCitation> {
  const found = await deps.citations.find(citationId);
  if (!found) throw new ApiError(404, 'Citation not found', 'citation_not_found');
  const { documentId, index, all } = found;
  const started = Date.now();
  const providers = perDocument(deps.providers());
  const needsDocument = all[index].form !== 'full';
  const batch = needsDocument ? all : [all[index]];
  const { verdicts } = await verify(batch.map(toEngineCitation), providers, { now: deps.clock.now() });
  const updated = withVerdict(all[index], verdicts[needsDocument ? index : 0]);
  const citations = all.map((c) => (c.id === updated.id ? updated : c));
  await deps.citations.replaceDocument(documentId, citations, deps.clock.now());

  const event = createEvent(
    topics['citations.validated'],
    {
      documentId: documentId,
      sessionId: null,
      citations,
      stats: { llmCalls: 0, courtListenerCalls: caseLawCalls(providers), llmTokensUsed: 0, processingTimeMs: Date.now() - started, ocrUsed: false },
    },
    documentId,
  );
  await deps.bus.publish(event.type, documentId, event);
  return updated;
}

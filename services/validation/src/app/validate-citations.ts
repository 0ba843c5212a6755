/**
 * Validating one document's citations: a verdict for every citation (caselaw's verify), stored
 * as validation's own record, then `citations.validated`. Progress: `validation` per
 * citation with SPEC's validationProgress, then `consolidation` (this stage owns 60-92 %).
 */
import type { Logger } from 'pino';
import { checkExtractedQuotes, verify, type CaseLawProvider } from '@citecheck/caselaw';
import type { Bus, Clock, Collection, DeliveryContext, DocumentLeases, ProcessedEvents } from '@citecheck/platform';
import { createEvent, topics, type CitationsExtracted, type EventOf } from '@citecheck/proto';
import { caseLawCalls, perDocument } from '../adapters/caselaw';
import { toEngineCitation, withVerdict } from '../domain/citations';
import type { CitationRepository } from '../store/citations';
import type { ValidationJob } from '../store/jobs';
import { progressPublisher } from '@citecheck/platform';

export const CONSUMER = 'validation.citations-extracted';
export const MAX_ATTEMPTS = 4;

export interface ValidationDeps {
  bus: Bus;
  clock: Clock;
  logger: Logger;
  jobs: Collection<ValidationJob>;
  citations: CitationRepository;
  processed: ProcessedEvents;
  /** One replica per document at a time (distributed mode; see DocumentLeases). */
  leases?: DocumentLeases;
  providers: () => CaseLawProvider[];
  /** Runs before each document is validated (see ValidationServiceDeps). */
  beforeEachDocument?: () => Promise<void>;
}

const GENERIC_FAILURE = 'Something went wrong while checking the citations. Please try again.';

export type ValidationResult = EventOf<'citations.validated'> | EventOf<'pipeline.failed'>;

/**
 * The stage's result: verdicts, or `pipeline.failed` when validation still fails on its last
 * attempt. Earlier attempts rethrow, to be redelivered.
 */
export async function validateCitations(deps: ValidationDeps, event: EventOf<'citations.extracted'>, ctx: DeliveryContext): Promise<ValidationResult> {
  const { documentId, sessionId } = event.payload;
  await deps.beforeEachDocument?.();
  try {
    return await validate(deps, event.payload);
  } catch (error) {
    // The bus says which attempt is the last (its retry budget runs minutes in distributed mode).
    if (!(ctx.final ?? ctx.attempt >= MAX_ATTEMPTS)) throw error;
    deps.logger.error({ err: error, documentId }, 'validation failed on its last attempt');
    const progress = progressPublisher(deps.bus, documentId, sessionId);
    progress.emit({ step: 'error', message: GENERIC_FAILURE, progress: 60 });
    await progress.flush();
    return createEvent(topics['pipeline.failed'], { documentId, sessionId, userId: null, stage: 'validation', message: GENERIC_FAILURE, code: 'validation-failed' }, documentId);
  }
}

async function validate(deps: ValidationDeps, extracted: CitationsExtracted): Promise<EventOf<'citations.validated'>> {
  const started = Date.now();
  const { documentId, sessionId, citations } = extracted;
  const providers = perDocument(deps.providers());
  const progress = progressPublisher(deps.bus, documentId, sessionId);
  const statsNow = () => ({
    ...extracted.stats,
    courtListenerCalls: extracted.stats.courtListenerCalls + caseLawCalls(providers),
    processingTimeMs: extracted.stats.processingTimeMs + (Date.now() - started),
  });
  const total = citations.length;
  const span = 30; // 60 % -> 90 %
  progress.emit({
    step: 'validation',
    message: total ? `Checking ${total} citation${total === 1 ? '' : 's'}` : 'No citations to check',
    progress: 60,
    citationCount: total,
    validationProgress: { completed: 0, total, validCount: 0, invalidCount: 0 },
    processingStats: statsNow(),
  });

  let lastStep = -1;
  const { verdicts } = await verify(citations.map(toEngineCitation), providers, {
    now: deps.clock.now(),
    onProgress: (p) => {
      // One message per citation for short briefs; one per percent of the bar for long ones.
      const step = total <= span ? p.completed : Math.floor((span * p.completed) / total);
      if (step === lastStep && p.completed !== total) return;
      lastStep = step;
      progress.emit({
        step: 'validation',
        message: `Checked ${p.completed} of ${p.total} citations`,
        progress: 60 + Math.floor((span * p.completed) / Math.max(1, total)),
        citationCount: total,
        validationProgress: { completed: p.completed, total: p.total, currentCitation: p.currentCitation, validCount: p.validCount, invalidCount: p.invalidCount },
        processingStats: statsNow(),
      });
    },
  });

  // The words the brief quotes from each case, against the opinion (the index's text, else fetched).
  const quotes = await checkExtractedQuotes(extracted.quotes ?? [], citations, verdicts, providers);
  progress.emit({ step: 'consolidation', message: 'Saving the results', progress: 92, citationCount: total, processingStats: statsNow() });
  const validated = citations.map((c, i) => withVerdict(c, verdicts[i], quotes[i]));
  await deps.citations.replaceDocument(documentId, validated, deps.clock.now());
  await progress.flush();

  return createEvent(
    topics['citations.validated'],
    { documentId, sessionId, citations: validated, stats: statsNow() },
    documentId,
  );
}

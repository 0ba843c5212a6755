/**
 * The product's own metrics, in Prometheus naming, each on the registry of the service that
 * emits it and served on the ops port. Each function registers its metrics on first call and
 * returns the same objects afterwards, so a service asks for them where it builds the code
 * that emits them (the metric is then listed, at zero, from start-up on, before any event).
 *
 *   const stage = stageMetrics(ports.metrics);
 *   stage.documents.inc({ stage: 'extraction', outcome: 'done' });
 *
 * What each one counts (and the alerts and dashboard built on them) is in
 * charts/citecheck/README.md; tests/src/observability.test.ts checks that every `citecheck_*`
 * name the chart's alerts and dashboard use is registered by some service.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

function once<T>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

export interface StageMetrics {
  /** Documents through a stage: `outcome` done, failed (ended the document) or error (retried). */
  documents: Counter<'stage' | 'outcome'>;
  /** How long a stage's work took for one document. */
  duration: Histogram<'stage' | 'outcome'>;
}

/** `citecheck_documents_total{stage,outcome}` and `citecheck_stage_duration_seconds{stage,outcome}`. */
export function stageMetrics(registry: Registry): StageMetrics {
  return {
    documents: once(
      registry,
      'citecheck_documents_total',
      () =>
        new Counter({
          name: 'citecheck_documents_total',
          help: 'Documents through a pipeline stage, by outcome (done, failed: the document ends there, error: retried, rejected: refused at upload).',
          labelNames: ['stage', 'outcome'],
          registers: [registry],
        }),
    ),
    duration: once(
      registry,
      'citecheck_stage_duration_seconds',
      () =>
        new Histogram({
          name: 'citecheck_stage_duration_seconds',
          help: 'Time one document spent in a pipeline stage, by outcome.',
          labelNames: ['stage', 'outcome'],
          // From a one-page brief's extraction to a long brief's OCR and case-law lookups.
          buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
          registers: [registry],
        }),
    ),
  };
}

/** Times `work` into `stage`: its outcome is what `outcomeOf` says of the result, or `error` when it throws. */
export async function timeStage<T>(metrics: StageMetrics, stage: string, work: () => Promise<T>, outcomeOf: (result: T) => string): Promise<T> {
  const end = metrics.duration.startTimer({ stage });
  try {
    const result = await work();
    const outcome = outcomeOf(result);
    end({ outcome });
    metrics.documents.inc({ stage, outcome });
    return result;
  } catch (error) {
    end({ outcome: 'error' });
    metrics.documents.inc({ stage, outcome: 'error' });
    throw error;
  }
}

/** `citecheck_citations_total{verdict}`: valid, invalid (fabricated or wrong) or unverified. */
export function citationMetrics(registry: Registry): Counter<'verdict'> {
  return once(
    registry,
    'citecheck_citations_total',
    () =>
      new Counter({
        name: 'citecheck_citations_total',
        help: 'Citations checked, by verdict: valid, invalid, unverified (no authoritative source could say).',
        labelNames: ['verdict'],
        registers: [registry],
      }),
  );
}

/** The verdict label of a citation's `isValid`. */
export function verdictLabel(isValid: boolean | null): 'valid' | 'invalid' | 'unverified' {
  return isValid === true ? 'valid' : isValid === false ? 'invalid' : 'unverified';
}

/** `citecheck_ocr_pages_total`: pages read by OCR (the costly path). */
export function ocrMetrics(registry: Registry): Counter {
  return once(
    registry,
    'citecheck_ocr_pages_total',
    () => new Counter({ name: 'citecheck_ocr_pages_total', help: 'Pages without a text layer read by OCR.', registers: [registry] }),
  );
}

/** The outcome of one HTTP call to CourtListener. */
export type CourtListenerOutcome = 'ok' | 'throttled' | 'error' | 'unavailable';

/** `citecheck_courtlistener_requests_total{outcome}`: every HTTP call, retries included; `throttled` is a 429. */
export function courtListenerMetrics(registry: Registry): Counter<'outcome'> {
  return once(
    registry,
    'citecheck_courtlistener_requests_total',
    () =>
      new Counter({
        name: 'citecheck_courtlistener_requests_total',
        help: 'HTTP calls to CourtListener, retries included, by outcome: ok, throttled (HTTP 429), error (another HTTP error), unavailable (timeout or network).',
        labelNames: ['outcome'],
        registers: [registry],
      }),
  );
}

export interface OutboxMetrics {
  /** Failed send attempts; `final` "true" when the record was given up on. */
  failures: Counter<'what' | 'final'>;
  backlog: Gauge<'what'>;
}

/** Per registry, the backlog count of each `what`, which its gauge asks for when scraped. */
const outboxBacklogs = new WeakMap<Registry, Map<string, () => Promise<number>>>();

/**
 * `citecheck_outbox_send_failures_total{what,final}` (what="mail": e-mail failures) and
 * `citecheck_outbox_backlog{what}`, the records still waiting, counted when scraped.
 */
export function outboxMetrics(registry: Registry, what: string, backlog: () => Promise<number>): OutboxMetrics {
  const counts = outboxBacklogs.get(registry) ?? new Map<string, () => Promise<number>>();
  counts.set(what, backlog);
  outboxBacklogs.set(registry, counts);
  const gauge = once(
    registry,
    'citecheck_outbox_backlog',
    () =>
      new Gauge({
        name: 'citecheck_outbox_backlog',
        help: 'Outbox records not yet delivered (pending), by what they carry.',
        labelNames: ['what'],
        registers: [registry],
        async collect() {
          for (const [label, count] of counts) {
            // A store that cannot answer leaves the last value rather than failing the scrape.
            await count().then(
              (n) => this.set({ what: label }, n),
              () => undefined,
            );
          }
        },
      }),
  );
  return {
    backlog: gauge,
    failures: once(
      registry,
      'citecheck_outbox_send_failures_total',
      () =>
        new Counter({
          name: 'citecheck_outbox_send_failures_total',
          help: 'Failed delivery attempts of outbox records (what="mail": e-mail), final="true" when given up on.',
          labelNames: ['what', 'final'],
          registers: [registry],
        }),
    ),
  };
}

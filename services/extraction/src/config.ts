/**
 * Extraction's environment variables, on top of the platform's. The language-model pass is
 * off unless OPENAI_API_KEY or OPENAI_BASE_URL (an OpenAI-compatible server, which may need
 * no key) is set.
 */
import { z } from 'zod';
import { envEnum, envInt, envUrl, platformConfigSchema, type Resolved } from '@citecheck/platform';

export const configSchema = platformConfigSchema.extend({
  OPENAI_API_KEY: z.string().optional(),
  /** An OpenAI-compatible endpoint, e.g. `http://localhost:11434/v1`. */
  OPENAI_BASE_URL: envUrl().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  /** Per model call; a slow model must not hold a document for long. */
  OPENAI_TIMEOUT_MS: envInt(1000, 600_000).default(60_000),
  /** Characters of document text per model call (about a quarter as many tokens). */
  LLM_CHUNK_CHARS: envInt(1000, 200_000).default(12_000),
  /**
   * Whose blob store holds the uploads. `document.uploaded` carries a claim check (blobKey)
   * into ingest's store rather than the file itself (10 MB does not belong on a bus), so
   * extraction opens that store to read, and only to read, the key it was handed.
   */
  UPLOADS_BLOB_NAMESPACE: z.string().regex(/^[a-z][a-z0-9-]*$/).default('ingest'),
  /** Documents read at the same time in this process (each read is a CPU-bound worker thread). */
  READ_CONCURRENCY: envInt(1, 64).default(2),
  /**
   * Start the OCR workers at boot and keep them (about 60 MB each, one per core), instead of
   * starting them at the first scanned page and stopping them after 15 idle seconds: each start
   * costs about 0.9 s of CPU, some of it at normal priority, taken from every upload in flight.
   */
  OCR_KEEP_WARM: envEnum(['true', 'false'] as const).default('true'),
  /**
   * Tesseract workers (pages recognised at once); 0: one per core of the container's CPU
   * request (CPU_REQUEST_MILLICORES), else per core of the machine, never more than half the
   * memory limit holds (packages/reading ocrPoolSize).
   */
  OCR_WORKERS: envInt(0, 64).default(0),
  /** The container's CPU request and memory limit; the chart sets them from the pod spec (downward API). */
  CPU_REQUEST_MILLICORES: envInt(1, 1_000_000).optional(),
  MEMORY_LIMIT_MIB: envInt(64, 10_000_000).optional(),
  /** Time budget for reading one document (text layer and OCR). */
  READ_TIMEOUT_MS: envInt(1000, 3_600_000).default(300_000),
  /**
   * Time budget for finding one document's citations and their sentences, on a worker thread
   * (READ_CONCURRENCY of them); past it the thread is stopped and the document fails.
   */
  CITATION_TIMEOUT_MS: envInt(1000, 600_000).default(60_000),
});

export type ExtractionConfig = Resolved<z.output<typeof configSchema>>;

/** True when the optional language-model pass should run. */
export function modelPassEnabled(config: Pick<ExtractionConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL'>): boolean {
  return Boolean(config.OPENAI_API_KEY || config.OPENAI_BASE_URL);
}

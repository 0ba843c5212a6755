/**
 * Extraction's wiring: consumes `document.uploaded`, publishes `citations.extracted` (or
 * `pipeline.failed`) and progress. No routes of its own; its state is one job per document.
 */
import path from 'node:path';
import gql from 'graphql-tag';
import { readSubgraphSdl } from '@citecheck/proto/graphql';
import { createBlobs, defineService, documentLeases, processedEvents } from '@citecheck/platform';
import { cgroupMemoryLimitMib, closeReader, configureReader, ocrPoolSize, warmReader } from '@citecheck/reading';
import { CitationFinder } from './adapters/citation-finder';
import { createModelClient } from './adapters/model-client';
import { configSchema, modelPassEnabled } from './config';
import { jobsCollection } from './store/jobs';
import { consumers } from './transport/consumers';
import { Cancellations } from './app/cancel-extraction';

export const SERVICE_NAME = 'extraction';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth (plus proto's shared types). */
export const typeDefs = gql(readSubgraphSdl(path.join(__dirname, 'graphql', 'extraction.graphql')));

export const service = defineService({
  name: SERVICE_NAME,
  config: configSchema,
  create: async (ports, config) => {
    const jobs = jobsCollection(ports.store);
    const processed = processedEvents(ports.store);
    const model = modelPassEnabled(config)
      ? createModelClient({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL, timeoutMs: config.OPENAI_TIMEOUT_MS })
      : null;
    const uploads = await createBlobs(config, config.UPLOADS_BLOB_NAMESPACE);
    // Finding citations is CPU work an uploader's text decides: off the event loop, on as many
    // threads as documents are read at once, each document within CITATION_TIMEOUT_MS.
    const finder = new CitationFinder({ threads: config.READ_CONCURRENCY, timeoutMs: config.CITATION_TIMEOUT_MS });
    const deps = {
      bus: ports.bus,
      blobs: uploads,
      clock: ports.clock,
      logger: ports.logger,
      jobs,
      processed,
      // Only Kafka can hand one document to two replicas at once; the embedded bus cannot.
      leases: config.BUS === 'kafka' ? documentLeases(ports.store, { clock: ports.clock }) : undefined,
      model,
      chunkChars: config.LLM_CHUNK_CHARS,
      readTimeoutMs: config.READ_TIMEOUT_MS,
      cancels: new Cancellations(),
      finder,
    };
    // Each read is a CPU-bound worker thread with its own heap: more readers than cores only
    // multiplies memory (20 parallel reads of a 50-page brief peaked at 1.7 GB) without finishing
    // sooner. The reader's pool queues the rest.
    configureReader({
      workers: config.READ_CONCURRENCY,
      // Sized from the pod's CPU request and memory limit, not the node's cores: warm workers
      // for 64 cores would not fit an extraction pod's memory.
      ocrWorkers: ocrPoolSize({
        setting: config.OCR_WORKERS,
        cpuRequestMillicores: config.CPU_REQUEST_MILLICORES,
        memoryLimitMib: config.MEMORY_LIMIT_MIB ?? cgroupMemoryLimitMib(),
      }),
    });

    return {
      typeDefs,
      resolvers: {
        Query: {
          extractionHealth: () => ({ service: SERVICE_NAME, ok: true }),
        },
      },
      consumers: consumers(deps, ports.metrics),
      async start() {
        // The first upload should not wait for a reader thread to start, nor a scan pay for
        // the OCR workers' start while others' documents are in flight.
        warmReader({ ocr: config.OCR_KEEP_WARM === 'true' });
        finder.warm();
      },
      async resume() {
        ports.logger.info({ modelPass: Boolean(model) }, 'extraction consuming document.uploaded');
      },
      async stop() {
        await uploads.close();
        await closeReader();
        await finder.close();
      },
      async health() {
        return { ok: true, details: { modelPass: Boolean(model) } };
      },
    };
  },
});

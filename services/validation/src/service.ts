/**
 * Validation's wiring: consumes `citations.extracted`, owns citations and verdicts, serves
 * recheck and case-opinion. The case-law sources open in start() (building the demo index
 * can take a moment) and close in stop().
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import gql from 'graphql-tag';
import { processedEvents, type Ports, type ServiceModule, type Subscription } from '@citecheck/platform';
import { topics, type IdentityApi } from '@citecheck/proto';
import { openCaseLaw, type CaseLaw } from './caselaw/providers';
import type { ValidationConfig } from './config';
import { CONSUMER, MAX_ATTEMPTS, citationsExtractedHandler } from './events/citations-extracted';
import { recheckCitation } from './recheck';
import { createRoutes } from './routes';
import { CitationRepository } from './store/citations';
import { jobsCollection } from './store/jobs';

export const SERVICE_NAME = 'validation';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth. */
export const typeDefs = gql(readFileSync(path.join(__dirname, 'graphql', 'validation.graphql'), 'utf8'));

export type ValidationServiceDeps = { identity?: IdentityApi };

export async function createService(ports: Ports, config: ValidationConfig, _deps: ValidationServiceDeps = {}): Promise<ServiceModule> {
  const citations = new CitationRepository(ports.store);
  const jobs = jobsCollection(ports.store);
  let caseLaw: CaseLaw | null = null;
  const requireCaseLaw = (): CaseLaw => {
    if (!caseLaw) throw new Error('validation is not started');
    return caseLaw;
  };
  const providers = () => requireCaseLaw().providers;
  let subscription: Subscription | null = null;

  const handler = citationsExtractedHandler({
    bus: ports.bus,
    clock: ports.clock,
    logger: ports.logger,
    jobs,
    citations,
    processed: processedEvents(ports.store),
    providers,
    delayMs: config.PIPELINE_TEST_DELAY_VALIDATION_MS,
  });
  if (config.PIPELINE_TEST_DELAY_VALIDATION_MS > 0) {
    ports.logger.warn({ delayMs: config.PIPELINE_TEST_DELAY_VALIDATION_MS }, 'test hook on: validation waits before each document');
  }

  return {
    name: SERVICE_NAME,
    typeDefs,
    resolvers: {
      Query: {
        validationHealth: () => ({ service: SERVICE_NAME, ok: true }),
      },
    },
    routes: createRoutes({
      recheck: (id) => recheckCitation({ bus: ports.bus, clock: ports.clock, citations, providers }, id),
      caseLaw: requireCaseLaw,
      logger: ports.logger,
    }),
    async start() {
      caseLaw = await openCaseLaw(config, ports.store, ports.logger);
      subscription = await ports.bus.subscribe(topics['citations.extracted'], CONSUMER, handler, { maxAttempts: MAX_ATTEMPTS, backoffMs: 500 });
      ports.logger.info(caseLaw.describe(), 'validation consuming citations.extracted');
    },
    async stop() {
      await subscription?.close();
      subscription = null;
      caseLaw?.close();
      caseLaw = null;
    },
    async health() {
      return { ok: subscription !== null && caseLaw !== null, details: caseLaw?.describe() };
    },
  };
}

/**
 * Validation's wiring: consumes `citations.extracted`, owns citations and verdicts, serves
 * recheck and case-opinion. The case-law sources open in start() (building the demo index
 * can take a moment) and close in stop().
 */
import path from 'node:path';
import gql from 'graphql-tag';
import { readSubgraphSdl } from '@citecheck/proto/graphql';
import { createRateLimiter, defineService, documentLeases, processedEvents } from '@citecheck/platform';
import type { IdentityApi } from '@citecheck/proto';
import { openCaseLaw, type CaseLaw } from './adapters/caselaw';
import { OpinionCache } from './app/case-opinion';
import { documentCitations } from './app/document-citations';
import { recheckCitation } from './app/recheck-citation';
import { recheckAsOwner } from './app/recheck-as-owner';
import { DocumentOwners } from './store/document-owners';
import { configSchema, indexPathOf } from './config';
import { CitationRepository } from './store/citations';
import { jobsCollection } from './store/jobs';
import { consumers } from './transport/consumers';
import { createResolvers } from './transport/graphql';
import { createRoutes } from './transport/rest';
import { addApiV1Routes } from './transport/api-v1';
import { addMcpRoutes } from './transport/mcp';

const VERSION: string = require('../package.json').version;

export const SERVICE_NAME = 'validation';

/** Federation 2 subgraph, schema first: the .graphql file is the source of truth (plus proto's shared types). */
export const typeDefs = gql(readSubgraphSdl(path.join(__dirname, 'graphql', 'validation.graphql')));

/**
 * What a host may hand validation. Only the crash-recovery test uses it, to hold a document
 * between extraction and validation: no configuration reaches it.
 */
export interface ValidationServiceDeps {
  beforeEachDocument?: () => Promise<void>;
  /**
   * Identity, to check the session behind an opinion request and, for the public API and
   * `/mcp`, the API key behind a call and the report a check takes (in process, or its HTTP client).
   */
  identity?: Pick<IdentityApi, 'authenticate' | 'useApiKey' | 'reserveReport' | 'releaseReport'>;
}

export const service = defineService({
  name: SERVICE_NAME,
  config: configSchema,
  create: async (ports, config, hooks: ValidationServiceDeps | undefined) => {
    const citations = new CitationRepository(ports.store);
    const jobs = jobsCollection(ports.store);
    let caseLaw: CaseLaw | null = null;
    const requireCaseLaw = (): CaseLaw => {
      if (!caseLaw) throw new Error('validation is not started');
      return caseLaw;
    };
    const providers = () => requireCaseLaw().providers;
    const owners = new DocumentOwners(ports.store);
    // Without identity (a test host) nobody is signed in, so nobody rechecks.
    const authenticate = async (token: string | null) => (hooks?.identity && token ? hooks.identity.authenticate(token) : null);
    const recheckLimiter = createRateLimiter(ports, config.MODE, { name: 'rechecks', limit: config.RECHECK_RATE_LIMIT, windowMs: 60_000 });
    const recheck = (sessionToken: string | null, citationId: string) =>
      recheckAsOwner(
        { authenticate, owners, limiter: recheckLimiter, recheck: (id) => recheckCitation({ bus: ports.bus, clock: ports.clock, citations, providers }, id) },
        sessionToken,
        citationId,
      );

    const deps = {
      bus: ports.bus,
      clock: ports.clock,
      logger: ports.logger,
      jobs,
      citations,
      processed: processedEvents(ports.store),
      // Only Kafka can hand one document to two replicas at once; the embedded bus cannot.
      leases: config.BUS === 'kafka' ? documentLeases(ports.store, { clock: ports.clock }) : undefined,
      providers,
      beforeEachDocument: hooks?.beforeEachDocument,
      owners,
    };

    // The public API (`/api/v1/check`, `/api/v1/citations/verify`) and the MCP server, as an API key's owner.
    const publicApi = { identity: hooks?.identity, bus: ports.bus, clock: ports.clock, logger: ports.logger, providers };
    const routes = createRoutes({
      recheck,
      caseLaw: requireCaseLaw,
      logger: ports.logger,
      opinions: {
        caseLaw: requireCaseLaw,
        logger: ports.logger,
        // Without identity (a test host) nobody is signed in, so nobody spends the quota.
        authenticate,
        // Shared by the replicas in distributed mode. While the store fails each replica
        // counts on its own (rate-limit.ts): readers keep their opinions, and one user still
        // cannot spend the CourtListener quota unchecked.
        limiter: createRateLimiter(ports, config.MODE, { name: 'case-opinions', limit: config.CASE_OPINION_RATE_LIMIT, windowMs: 60_000 }),
        cache: new OpinionCache(),
      },
    });
    addApiV1Routes(routes, publicApi);
    addMcpRoutes(routes, publicApi, VERSION);

    return {
      typeDefs,
      resolvers: createResolvers({ citationsOf: (documentId) => documentCitations({ citations }, documentId), recheck }, SERVICE_NAME),
      routes,
      consumers: consumers(deps, ports.metrics),
      async start() {
        caseLaw = await openCaseLaw(config, ports.store, ports.logger, ports.metrics);
      },
      async resume() {
        ports.logger.info({ ...requireCaseLaw().describe(), indexPath: indexPathOf(config) }, 'validation consuming citations.extracted');
      },
      async stop() {
        caseLaw?.close();
        caseLaw = null;
      },
      async health() {
        return { ok: caseLaw !== null, details: caseLaw?.describe() };
      },
    };
  },
});

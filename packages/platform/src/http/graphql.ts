/**
 * GraphQL over Koa with @apollo/server's own `executeHTTPGraphQLRequest`, so no extra
 * integration package sits between the two. Each service serves its Federation 2 subgraph
 * at `/graphql`; the gateway composes them.
 */
import { Readable } from 'node:stream';
import { ApolloServer, HeaderMap, type BaseContext } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { ApiError } from '@citecheck/proto';
import type Router from '@koa/router';
import { GraphQLError, parse, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Context } from 'koa';
import type { Logger } from 'pino';

/** `buildSubgraph(typeDefs, resolvers)`: a Federation 2 subgraph schema from SDL and resolvers. */
export function buildSubgraph(typeDefs: DocumentNode | string, resolvers: any): GraphQLSchema {
  return buildSubgraphSchema({ typeDefs: typeof typeDefs === 'string' ? parse(typeDefs) : typeDefs, resolvers });
}

/**
 * `make`'s value once per GraphQL request context: every resolver of one request gets the same
 * object. The services build their admin caller with it, so a request naming many admin
 * fields (aliases) costs identity one admin check. Without a context object, a fresh value.
 */
export function perRequest<C, T>(make: (ctx: C) => T): (ctx: C) => T {
  const made = new WeakMap<object, T>();
  return (ctx) => {
    if (!ctx || typeof ctx !== 'object') return make(ctx);
    let value = made.get(ctx);
    if (value === undefined) made.set(ctx, (value = make(ctx)));
    return value;
  };
}

export interface MountGraphqlOptions<TContext extends BaseContext> {
  /** Builds the resolvers' context from the Koa context (the authenticated user, ports...). */
  context?: (ctx: Context) => TContext | Promise<TContext>;
  logger?: Logger;
  path?: string;
}

/**
 * What a client may read of a subgraph's error: an ApiError's user-facing message with its
 * code, status and body fields in `extensions`; GraphQL's own parse and validation errors as
 * they are; anything else logged and answered "Internal server error", so a stack trace or a
 * driver message never leaks. Used by every subgraph's server and by the gateway for the
 * subgraphs it runs in process (embedded mode), so both modes answer alike.
 */
export function formatSubgraphError(formatted: GraphQLFormattedError, error: unknown, logger?: Logger): GraphQLFormattedError {
  const cause = unwrapResolverError(error);
  if (cause instanceof ApiError) {
    return { ...formatted, message: cause.message, extensions: { ...cause.toBody(), code: cause.code, status: cause.status } };
  }
  const fromResolver = cause !== error || (error instanceof GraphQLError && error.originalError !== undefined);
  if (!fromResolver) return formatted; // parse/validation errors are about the query and safe to show
  logger?.error({ err: cause, path: formatted.path }, 'graphql resolver failed');
  return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/**
 * Serves `schema` at POST and GET `/graphql` on `router`. Resolver errors reach the client
 * only as an ApiError's user-facing message (with its code and status in `extensions`) or
 * as GraphQL's own validation errors; anything else is logged and answered "Internal
 * server error", so a stack trace or a driver message never leaks.
 */
export function mountGraphql<TContext extends BaseContext>(
  router: Router,
  schema: GraphQLSchema,
  options: MountGraphqlOptions<TContext> = {},
): ApolloServer<TContext> {
  const logger = options.logger;
  const server = new ApolloServer<TContext>({
    schema,
    logger,
    // The process's own SIGTERM handler drains HTTP before anything stops; Apollo's would stop
    // the server at once, failing the requests the drain is waiting for.
    stopOnTerminationSignals: false,
    plugins: [ApolloServerPluginLandingPageDisabled()],
    includeStacktraceInErrorResponses: false,
    formatError: (formatted, error) => formatSubgraphError(formatted, error, logger),
  });
  // start() is async; requests wait on it rather than making mounting async.
  const started = server.start();
  started.catch((err: unknown) => logger?.error({ err }, 'graphql server failed to start'));

  const handle = async (ctx: Context) => {
    await started;
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(ctx.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: {
        method: ctx.method.toUpperCase(),
        headers,
        search: ctx.querystring,
        body: (ctx.request as { body?: unknown }).body,
      },
      context: async () => (options.context ? options.context(ctx) : ({} as TContext)),
    });
    for (const [name, value] of response.headers) ctx.set(name, value);
    ctx.status = response.status ?? 200;
    ctx.body = response.body.kind === 'complete' ? response.body.string : Readable.from(response.body.asyncIterator);
  };
  const path = options.path ?? '/graphql';
  router.get(path, handle);
  router.post(path, handle);
  return server;
}

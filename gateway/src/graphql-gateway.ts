import Router from '@koa/router';
import { ApolloGateway, LocalGraphQLDataSource, RemoteGraphQLDataSource } from '@apollo/gateway';
import { ApolloServer, HeaderMap } from '@apollo/server';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { formatSubgraphError, requestContext, type RequestContext } from '@citecheck/platform';
import { MAX_TOKENS, operationLimitsRule } from './operation-limits';

/**
 * A subgraph run in process (embedded mode). Its errors are formatted as its own server
 * formats them in distributed mode, so an ApiError's status and code (a 503 "Payments are not
 * configured on this server.") reach the browser in `extensions` either way.
 */
class InProcessSubgraph extends LocalGraphQLDataSource {
  override async process(options: Parameters<LocalGraphQLDataSource['process']>[0]) {
    const result = await super.process(options);
    if (!result.errors) return result;
    // Typed as formatted errors, they are graphql-js's GraphQLError objects here.
    return { ...result, errors: result.errors.map((error) => (error instanceof GraphQLError ? formatSubgraphError(error.toJSON(), error) : error)) };
  }
}

export const SUBGRAPH_UNAVAILABLE = 'Service unavailable. Please try again later.';

/**
 * A subgraph that could not be reached (distributed mode, its service down) surfaces as a
 * plain Error whose message names internal addresses: it is answered as a 503 in `extensions`
 * instead, the way subgraphs report their own refusals, so screens can say so.
 */
function formatGatewayError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  // A subgraph's own answer names its service; query and validation errors have no Error cause.
  if (formatted.extensions?.serviceName !== undefined) return formatted;
  // Apollo hands over the plain Error itself, or a GraphQLError wrapping it.
  const cause = error instanceof GraphQLError ? error.originalError : error;
  if (!(cause instanceof Error) || cause instanceof GraphQLError) return formatted;
  return { message: SUBGRAPH_UNAVAILABLE, ...(formatted.path ? { path: formatted.path } : {}), extensions: { code: 'SERVICE_UNAVAILABLE', status: 503 } };
}


export type SubgraphRoutes =
  /** Embedded mode: subgraphs executed in this process, no HTTP hop. */
  | { kind: 'local'; schemas: Record<string, GraphQLSchema> }
  /** Distributed mode: each subgraph's /graphql URL. */
  | { kind: 'remote'; urls: Record<string, string> };

/**
 * The federated gateway: Apollo Gateway over the supergraph composed at build time, served
 * at `/graphql` through Apollo Server's transport-neutral `executeHTTPGraphQLRequest`.
 */
export async function createGraphqlGateway(supergraphSdl: string, routes: SubgraphRoutes, options: { introspection?: boolean } = {}) {
  const gateway = new ApolloGateway({
    supergraphSdl,
    buildService({ name }) {
      if (routes.kind === 'local') {
        const schema = routes.schemas[name];
        if (!schema) throw new Error(`no in-process subgraph named ${name}`);
        return new InProcessSubgraph(schema);
      }
      const url = routes.urls[name];
      if (!url) throw new Error(`SUBGRAPH_URLS has no entry for ${name}`);
      return new RemoteGraphQLDataSource<RequestContext>({
        url,
        willSendRequest({ request, context }) {
          // Subgraphs authorise on their own: forward the caller's credentials unchanged.
          if (context.authorization) request.http?.headers.set('authorization', context.authorization);
          if (context.cookie) request.http?.headers.set('cookie', context.cookie);
          if (context.ip) request.http?.headers.set('x-forwarded-for', context.ip);
        },
        didReceiveResponse({ response, context }) {
          // A subgraph that opens or ends a session (identity's adminLogin) sets its cookie on
          // the answer to the gateway; the browser must receive it.
          const cookies = response.http?.headers.get('set-cookie');
          if (cookies && context.setCookie) for (const cookie of splitSetCookie(cookies)) context.setCookie(cookie);
          return response;
        },
      });
    },
  });
  // The process's own SIGTERM handler drains HTTP first and stops this server last; Apollo's
  // would stop it at once, failing the requests the drain is waiting for.
  const server = new ApolloServer<RequestContext>({
    gateway,
    // Off in production (the hosts pass NODE_ENV's word): nobody outside needs the schema.
    introspection: options.introspection ?? true,
    stopOnTerminationSignals: false,
    validationRules: [operationLimitsRule()],
    parseOptions: { maxTokens: MAX_TOKENS },
    // Error bodies never carry the server's stack (Apollo adds it outside NODE_ENV=production).
    includeStacktraceInErrorResponses: false,
    // Errors stay HTTP 200, as GraphQL answers partial results; their status is in `extensions`.
    formatError: formatGatewayError,
  });
  await server.start();

  const router = new Router();
  router.all('/graphql', async (ctx) => {
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(ctx.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const response = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: {
        method: ctx.method.toUpperCase(),
        headers,
        search: ctx.querystring ? `?${ctx.querystring}` : '',
        body: (ctx.request as { body?: unknown }).body,
      },
      context: async () => requestContext(ctx),
    });
    for (const [key, value] of response.headers) ctx.set(key, value);
    ctx.status = response.status ?? 200;
    if (response.body.kind === 'complete') {
      ctx.body = response.body.string;
    } else {
      let text = '';
      for await (const chunk of response.body.asyncIterator) text += chunk;
      ctx.body = text;
    }
  });

  return { router, stop: () => server.stop() };
}

/**
 * Fetch joins several Set-Cookie headers with ", ", which also appears inside an Expires
 * date: split only where a new `name=` follows.
 */
export function splitSetCookie(joined: string): string[] {
  return joined.split(/,\s*(?=[^;,\s]+=)/).filter(Boolean);
}

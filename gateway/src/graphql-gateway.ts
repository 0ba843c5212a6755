import Router from '@koa/router';
import { ApolloGateway, LocalGraphQLDataSource, RemoteGraphQLDataSource } from '@apollo/gateway';
import { ApolloServer, HeaderMap } from '@apollo/server';
import type { GraphQLSchema } from 'graphql';
import { requestContext, type RequestContext } from '@citecheck/platform';
import { MAX_TOKENS, operationLimitsRule } from './operation-limits';


export type SubgraphRoutes =
  /** Embedded mode: subgraphs executed in this process, no HTTP hop. */
  | { kind: 'local'; schemas: Record<string, GraphQLSchema> }
  /** Distributed mode: each subgraph's /graphql URL. */
  | { kind: 'remote'; urls: Record<string, string> };

/**
 * The federated gateway: Apollo Gateway over the supergraph composed at build time, served
 * at `/graphql` through Apollo Server's transport-neutral `executeHTTPGraphQLRequest`.
 */
export async function createGraphqlGateway(supergraphSdl: string, routes: SubgraphRoutes) {
  const gateway = new ApolloGateway({
    supergraphSdl,
    buildService({ name }) {
      if (routes.kind === 'local') {
        const schema = routes.schemas[name];
        if (!schema) throw new Error(`no in-process subgraph named ${name}`);
        return new LocalGraphQLDataSource(schema);
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
    introspection: true,
    stopOnTerminationSignals: false,
    validationRules: [operationLimitsRule()],
    parseOptions: { maxTokens: MAX_TOKENS },
    // Error bodies never carry the server's stack (Apollo adds it outside NODE_ENV=production).
    includeStacktraceInErrorResponses: false,
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

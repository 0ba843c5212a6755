import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { apiBaseUrl } from '@/lib/api-client';
import { sessionToken } from '@/lib/storage';

/**
 * The GraphQL client (the gateway's supergraph at /graphql), created on first use. Screens
 * keep react-query as their cache and call this client inside their query functions, so a
 * query key is still written once and a mutation invalidates it the same way as a REST one.
 */
let client: ApolloClient | undefined;

export function getApolloClient(): ApolloClient {
  if (client) return client;
  client = new ApolloClient({
    link: new HttpLink({
      // A function: the base URL is set at start-up, after this module is loaded.
      uri: () => `${apiBaseUrl()}/graphql`,
      credentials: 'include',
      // A function so a token stored after sign-in is picked up without recreating the client.
      fetch: (input, init) => {
        const token = sessionToken.get();
        const headers = new Headers(init?.headers);
        if (token) headers.set('Authorization', `Bearer ${token}`);
        return fetch(input, { ...init, headers });
      },
    }),
    cache: new InMemoryCache(),
    defaultOptions: { query: { fetchPolicy: 'network-only' } },
  });
  return client;
}

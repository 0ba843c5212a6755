import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { sessionToken } from './storage';

/**
 * The GraphQL client for the admin screens (the gateway's supergraph at /graphql).
 * Created on first use, and only imported by lazily loaded screens, so Apollo stays out of
 * the landing page's initial JavaScript.
 */
let client: ApolloClient | undefined;

export function getApolloClient(baseUrl = ''): ApolloClient {
  if (client) return client;
  client = new ApolloClient({
    link: new HttpLink({
      uri: `${baseUrl}/graphql`,
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

/**
 * Helpers for the public API's system tests: GraphQL as the dashboard calls it (keys), the
 * REST API and `/mcp` as a program calls them (an API key), and a webhook receiver.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export async function graphql<T = Record<string, any>>(url: string, auth: string | null, query: string, variables: Record<string, unknown> = {}): Promise<{ data: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

export const adminBearer = (admin: { email: string; password: string }) => `Bearer ${JSON.stringify(admin)}`;

/** A key created through the dashboard's GraphQL mutation; its whole secret. */
export async function createKey(url: string, sessionToken: string, name: string): Promise<{ id: string; secret: string }> {
  const { data, errors } = await graphql(url, `Bearer ${sessionToken}`, 'mutation($name: String!) { createApiKey(name: $name) { secret key { id } } }', { name });
  if (errors?.length) throw new Error(`createApiKey: ${errors[0].message}`);
  return { id: data.createApiKey.key.id, secret: data.createApiKey.secret };
}

export async function revokeKey(url: string, sessionToken: string, id: string): Promise<void> {
  const { errors } = await graphql(url, `Bearer ${sessionToken}`, 'mutation($id: ID!) { revokeApiKey(id: $id) { id revoked } }', { id });
  if (errors?.length) throw new Error(`revokeApiKey: ${errors[0].message}`);
}

export async function callApi(url: string, key: string | null, path: string, init: RequestInit = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const headers = new Headers(init.headers);
  if (key) headers.set('authorization', `Bearer ${key}`);
  const response = await fetch(`${url}${path}`, { ...init, headers });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the test sees the text.
  }
  return { status: response.status, body, headers: response.headers };
}

export const checkText = (url: string, key: string | null, text: string) =>
  callApi(url, key, '/api/v1/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });

/** The official SDK's client on `/mcp` with `key`. */
export async function mcpClient(url: string, key: string | null): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: key ? { authorization: `Bearer ${key}` } : {} } });
  const client = new Client({ name: 'citecheck-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export interface ReceivedHook {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A webhook receiver on 127.0.0.1 that answers `statuses` in turn (then 200) and keeps what it got. */
export async function webhookReceiver(statuses: number[] = []): Promise<{ url: string; received: ReceivedHook[]; close(): Promise<void> }> {
  const received: ReceivedHook[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/citecheck`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

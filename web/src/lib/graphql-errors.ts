/**
 * What the server said when a GraphQL call through Apollo failed. Subgraphs put an HTTP-like
 * status and a code in the first error's `extensions`; the gateway answers GraphQL errors with
 * HTTP 200 and passes them on, so they arrive as GraphQL errors. An answer with a non-2xx
 * status (the platform's ApiError status, or a proxy in front of the gateway) arrives as a
 * server error (`statusCode`, `bodyText`) instead, its body possibly carrying the same errors;
 * both are read. Anything else (network down, a body that is not GraphQL) yields nothing of the
 * server's, and the caller's fallback wording is shown.
 */
type GraphqlErrors = { errors?: ReadonlyArray<{ message?: unknown; extensions?: { status?: unknown; code?: unknown } }> };

export function graphqlFailure(error: unknown): { message?: string; status?: number; code?: string } {
  const server = error as ({ statusCode?: unknown; bodyText?: unknown } & GraphqlErrors) | null | undefined;
  let errors = server?.errors;
  if (!errors?.length && typeof server?.bodyText === 'string') {
    try {
      errors = (JSON.parse(server.bodyText) as GraphqlErrors).errors;
    } catch {
      errors = undefined;
    }
  }
  const first = errors?.[0];
  const status = typeof first?.extensions?.status === 'number' ? first.extensions.status : typeof server?.statusCode === 'number' ? server.statusCode : undefined;
  const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : undefined;
  const message = typeof first?.message === 'string' ? first.message : undefined;
  return { message, status, code };
}

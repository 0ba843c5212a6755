/**
 * The server's wording for a failed GraphQL call. A refusal comes back either as GraphQL
 * errors (the gateway answered 200) or as an HTTP error whose body carries them (the
 * platform sets the HTTP status of an ApiError); both are read. Anything else (network down,
 * a body that is not GraphQL) has no wording of the server's, and the caller's SPEC fallback
 * is shown instead.
 */
type GraphqlErrors = { errors?: ReadonlyArray<{ message?: unknown; extensions?: { code?: unknown; status?: unknown } }> };

function firstError(error: unknown): { message?: unknown; extensions?: { code?: unknown; status?: unknown } } | undefined {
  const failure = error as ({ bodyText?: unknown } & GraphqlErrors) | null | undefined;
  if (failure?.errors?.length) return failure.errors[0];
  if (typeof failure?.bodyText === 'string') {
    try {
      return (JSON.parse(failure.bodyText) as GraphqlErrors).errors?.[0];
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The first GraphQL error's message, else `fallback`. */
export function serverMessageOr(error: unknown, fallback: string): string {
  const message = firstError(error)?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/** Whether the server refused the call because the caller is not (or no longer) the admin. */
export function isNotAdmin(error: unknown): boolean {
  const status = firstError(error)?.extensions?.status ?? (error as { statusCode?: unknown } | null | undefined)?.statusCode;
  return status === 401;
}

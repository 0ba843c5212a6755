/**
 * The server's wording for a failed admin GraphQL call, read by the shared `graphqlFailure`
 * (GraphQL errors, or an HTTP error whose body carries them); without any, the caller's SPEC
 * fallback is shown instead.
 */
import { graphqlFailure } from '@/lib/graphql-errors';

/** The first GraphQL error's message, else `fallback`. */
export function serverMessageOr(error: unknown, fallback: string): string {
  const { message } = graphqlFailure(error);
  return message?.trim() ? message : fallback;
}

/** Whether the server refused the call because the caller is not (or no longer) the admin. */
export function isNotAdmin(error: unknown): boolean {
  return graphqlFailure(error).status === 401;
}

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

/**
 * Runs one admin GraphQL call and returns what it answered. A call that fails, or answers
 * nothing, fails with `fallback` (SPEC's wording); with `serverMessage`, a failed call shows the
 * server's message first (mutations, whose refusals the server words itself).
 */
export async function adminCall<T>(call: () => Promise<T | null | undefined>, fallback: string, options: { serverMessage?: boolean } = {}): Promise<T> {
  let answer: T | null | undefined;
  try {
    answer = await call();
  } catch (error) {
    throw new Error(options.serverMessage ? serverMessageOr(error, fallback) : fallback, { cause: error });
  }
  if (answer === null || answer === undefined) throw new Error(fallback);
  return answer;
}

/**
 * GraphQL pieces every subgraph shares, written once: each service's SDL file holds only its
 * own domain, and this adds the shared types before the subgraph is built or composed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const SHARED_SUBGRAPH_SDL_PATH = path.join(__dirname, 'shared.graphql');

/** A subgraph's full SDL: its own file's text plus the shared types (ServiceHealth). */
export function withSharedTypes(subgraphSdl: string): string {
  return `${subgraphSdl.trimEnd()}\n\n${readFileSync(SHARED_SUBGRAPH_SDL_PATH, 'utf8')}`;
}

/** A subgraph's SDL read from its file, with the shared types. */
export function readSubgraphSdl(file: string): string {
  return withSharedTypes(readFileSync(file, 'utf8'));
}

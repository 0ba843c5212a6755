/**
 * Build step: composes the supergraph from every service's schema-first subgraph SDL
 * (`services/<name>/src/graphql/<name>.graphql`, plus proto's shared types) with @apollo/composition and writes
 * `gateway/supergraph.graphql`, which the gateway loads at start. A composition error
 * fails the build (and the test that runs this).
 *
 *   npx tsx gateway/src/compose.ts        # writes gateway/supergraph.graphql
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { readSubgraphSdl } from '@citecheck/proto/graphql';
import { SERVICE_NAMES, type ServiceName } from './services';

export const ROOT = path.resolve(__dirname, '..', '..');
export const SUPERGRAPH_PATH = path.join(ROOT, 'gateway', 'supergraph.graphql');

export interface SubgraphSource {
  name: string;
  sdl: string;
}

export function subgraphSdlPath(name: ServiceName): string {
  return path.join(ROOT, 'services', name, 'src', 'graphql', `${name}.graphql`);
}

export function readSubgraphs(): SubgraphSource[] {
  return SERVICE_NAMES.map((name) => ({ name, sdl: readSubgraphSdl(subgraphSdlPath(name)) }));
}

export class CompositionError extends Error {
  constructor(readonly errors: string[]) {
    super(`supergraph composition failed:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
    this.name = 'CompositionError';
  }
}

/** Composes subgraphs into supergraph SDL; throws CompositionError listing every error. */
export function composeSupergraph(subgraphs: SubgraphSource[] = readSubgraphs()): string {
  const result = composeServices(
    subgraphs.map(({ name, sdl }) => ({
      name,
      // The URL is a placeholder: the gateway routes each subgraph itself (in process or
      // through SUBGRAPH_URLS), so the supergraph stays the same in both runtime modes.
      url: `http://${name}.subgraph.local/graphql`,
      typeDefs: parse(sdl),
    })),
  );
  if (result.errors) throw new CompositionError(result.errors.map((e) => e.message));
  return result.supergraphSdl;
}

if (require.main === module) {
  try {
    writeFileSync(SUPERGRAPH_PATH, composeSupergraph());
    console.log(`supergraph composed from ${SERVICE_NAMES.length} subgraphs -> ${path.relative(ROOT, SUPERGRAPH_PATH)}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

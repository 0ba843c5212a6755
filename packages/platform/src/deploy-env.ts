/**
 * What each deployable needs from its environment in distributed mode: the one list the
 * runners check at start-up, and that the deployment manifests (the Helm chart, Compose,
 * Skaffold's values) are tested against by rendering them (`tests/src/manifest-boot.test.ts`).
 * Variables with a default that works everywhere are not listed; a variable only one adapter
 * needs (KAFKA_BROKERS, MONGO_URL) is checked at start-up only when that adapter is chosen,
 * but every manifest must set it, since the manifests deploy Kafka and MongoDB.
 *
 *   missingDeployEnv('ingest', process.env, config); // ['IDENTITY_URL', 'INTERNAL_TOKEN']
 */
import type { PlatformConfig } from './config';

const COMMON = ['MODE', 'NODE_ENV', 'PORT', 'OPS_PORT', 'KAFKA_BROKERS', 'KAFKA_CLIENT_ID', 'MONGO_URL', 'SHUTDOWN_TIMEOUT_MS'] as const;

export const DEPLOY_ENV = {
  ingest: [...COMMON, 'IDENTITY_URL', 'INTERNAL_TOKEN'],
  extraction: [...COMMON],
  // Validation checks the session behind an opinion request with identity.
  validation: [...COMMON, 'IDENTITY_URL', 'INTERNAL_TOKEN'],
  billing: [...COMMON, 'IDENTITY_URL', 'INTERNAL_TOKEN'],
  identity: [...COMMON, 'INTERNAL_TOKEN'],
  // Identity seals one-time links in mail requests with the shared token; notification opens them.
  notification: [...COMMON, 'INTERNAL_TOKEN'],
  // Analytics asks identity whether a caller is the admin.
  analytics: [...COMMON, 'IDENTITY_URL', 'INTERNAL_TOKEN'],
  progress: [...COMMON],
  // The gateway holds no data (no store), but hears the IP blacklist's changes on the bus and
  // reads the full list from analytics' internal route at start.
  gateway: ['MODE', 'NODE_ENV', 'PORT', 'OPS_PORT', 'SHUTDOWN_TIMEOUT_MS', 'SUBGRAPH_URLS', 'SERVICE_URLS', 'KAFKA_BROKERS', 'KAFKA_CLIENT_ID', 'INTERNAL_TOKEN'],
} as const satisfies Record<string, readonly string[]>;

export type Deployable = keyof typeof DEPLOY_ENV;

/** The variables `name` needs that `env` leaves unset or empty, given the adapters `config` chose. */
export function missingDeployEnv(
  name: string,
  env: Record<string, string | undefined>,
  config: Pick<PlatformConfig, 'BUS' | 'STORE' | 'BLOBS'>,
): string[] {
  const needed: readonly string[] = DEPLOY_ENV[name as Deployable] ?? [];
  return needed.filter((variable) => {
    if (variable === 'KAFKA_BROKERS' && config.BUS !== 'kafka') return false;
    if (variable === 'MONGO_URL' && config.STORE !== 'mongo' && config.BLOBS !== 'gridfs') return false;
    // Defaults the image sets (Dockerfile ENV) or that are right for every deployment.
    // OPS_PORT is listed so that the manifests state where their probes and scrapes point.
    if (variable === 'NODE_ENV' || variable === 'PORT' || variable === 'OPS_PORT' || variable === 'KAFKA_CLIENT_ID' || variable === 'SHUTDOWN_TIMEOUT_MS' || variable === 'MODE') return false;
    return !env[variable]?.trim();
  });
}

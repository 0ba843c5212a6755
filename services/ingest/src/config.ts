/**
 * Ingest's environment variables, on top of the platform's.
 */
import { z } from 'zod';
import { envCidrList, envInt, envUrl, platformConfigSchema, type Resolved } from '@citecheck/platform';

export const configSchema = platformConfigSchema.extend({
  /**
   * How long `POST /api/documents/upload` waits for the verdicts before it answers with a
   * timeout; the work goes on either way and its results stay available.
   */
  UPLOAD_WAIT_MS: envInt(1000, 3_600_000).default(120_000),
  /**
   * Days an uploaded file is kept after its upload (once its document is finished); the
   * document's record, verdicts and report stay. Deleting an account deletes its files at once.
   */
  UPLOAD_RETENTION_DAYS: envInt(1, 3650).default(30),
  /** Distributed mode: identity's base URL (its `/internal/identity/*` routes). */
  IDENTITY_URL: envUrl().optional(),
  /** Distributed mode: shared secret sent to identity's internal routes as `x-internal-token`. */
  INTERNAL_TOKEN: z.string().min(16).optional(),
  /**
   * Networks (IPs or CIDRs) the public API's webhooks may be delivered to although they are not
   * public: a firm's own system on its LAN. Outside development every other private, loopback
   * or link-local address is refused (SSRF).
   */
  WEBHOOK_ALLOWED_NETWORKS: envCidrList().default([]),
});

export type IngestConfig = Resolved<z.output<typeof configSchema>>;

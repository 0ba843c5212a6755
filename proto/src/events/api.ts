import { z } from 'zod';

/**
 * One call of the public API (`/api/v1`, `/mcp`) made with an API key: published by the
 * service that answered it, kept by analytics, which owns usage (the dashboard's count per
 * key, the admin's API usage). Keyed by the key's id, so one key's calls stay in order. The
 * key itself never travels: only its public id and the name its owner gave it.
 */
export const apiOperations = [
  'check',
  'verify',
  'documents.create',
  'documents.get',
  'mcp.check_citations',
  'mcp.verify_citation',
  'mcp.extract_citations',
  'mcp.find_quote',
] as const;

export const apiCalledSchema = z.object({
  /** The key's public id (the 16 hex digits after `cck_`). */
  keyId: z.string().regex(/^[0-9a-f]{16}$/),
  keyName: z.string().max(100),
  userId: z.string(),
  operation: z.enum(apiOperations),
  /** The HTTP status answered (200, 202, 403 limit reached, 429 rate limited, ...). */
  status: z.number().int(),
  /** Citations in the answer (0 when refused). */
  citations: z.number().int().nonnegative(),
  durationMs: z.number().nonnegative(),
  at: z.string().datetime(),
});

export type ApiOperation = (typeof apiOperations)[number];
export type ApiCalled = z.infer<typeof apiCalledSchema>;

import { z } from 'zod';

/**
 * Every event crossing the bus has this envelope. `correlationId` ties together all events
 * of one job (the documentId for the main flow); events are keyed by documentId or userId.
 */
export const envelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime(),
  correlationId: z.string().min(1),
  payload: z.unknown(),
});

export type EventEnvelope<P = unknown> = Omit<z.infer<typeof envelopeSchema>, 'payload'> & { payload: P };

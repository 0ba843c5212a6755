/** The eight services, in the order the embedded root starts them (identity first: others call it). */
export const SERVICE_NAMES = [
  'identity',
  'notification',
  'billing',
  'analytics',
  'ingest',
  'extraction',
  'validation',
  'progress',
] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];

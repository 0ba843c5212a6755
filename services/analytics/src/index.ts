/**
 * @citecheck/analytics: per-document usage metrics (and, later, visitor analytics and admin statistics).
 */
export { service, SERVICE_NAME, typeDefs } from './service';
export { configSchema, type AnalyticsConfig } from './config';
export type { UsageRecord } from './domain/usage';

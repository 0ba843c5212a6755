/**
 * @citecheck/analytics: per-document usage metrics, visitor sessions and page views, visitor analytics.
 */
export { service, SERVICE_NAME, typeDefs, type AnalyticsApi } from './service';
export { configSchema, type AnalyticsConfig } from './config';
export type { UsageRecord } from './domain/usage';
export { trackingUseCases, resolveRange, type TrackingUseCases } from './app/track-visitors';
export { visitorRepository, type VisitorRepository } from './store/visitors';
export type { PageView, VisitorSession } from './domain/visitors';
export type { VisitorAnalytics, DateRange } from './domain/visitor-analytics';

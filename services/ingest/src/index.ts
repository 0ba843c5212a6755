/**
 * @citecheck/ingest: upload acceptance, Documents and validation reports, the usage counter.
 */
export { service, SERVICE_NAME, typeDefs, type IngestDeps } from './service';
export { configSchema, type IngestConfig } from './config';
export { reportTotals, type ReportTotals } from './domain/report';

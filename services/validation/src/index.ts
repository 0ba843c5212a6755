/**
 * @citecheck/validation: citations.extracted -> verdicts (caselaw) -> citations.validated.
 * Owns citations and verdicts; serves recheck and case-opinion.
 */
export { service, SERVICE_NAME, typeDefs, type ValidationServiceDeps } from './service';
export { configSchema, type ValidationConfig } from './config';
export { toEngineCitation, withVerdict } from './domain/citations';

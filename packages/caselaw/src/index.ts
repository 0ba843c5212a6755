/**
 * @citecheck/caselaw — is this case real, and is it the case the brief says it is?
 *
 * Read in this order:
 *   provider.ts              the CaseLawProvider port, lookup shapes, the answer cache
 *   courtlistener/           CourtListener's citation-lookup API v4 (+ opinion text)
 *   local-index/             the SQLite citation index and its bulk importer
 *   names/                   case-name comparison (abbreviations, OCR misreadings, parties)
 *   verdict/                 plausibility rules and the verdict for each citation
 *   demo.ts                  the small demo index shipped with the product
 *   testing/                 a fake CourtListener server and fixtures for tests
 */
export { citationKey, MemoryCache, COURTLISTENER_SITE } from './provider';
export type { CaseCluster, CaseLawCache, CaseLawProvider, LookupCoverage, LookupRequest, LookupResult } from './provider';

export { CourtListenerProvider, courtListenerFromEnv } from './courtlistener/provider';
export type { CourtListenerOptions } from './courtlistener/provider';
export { CourtListenerClient, CourtListenerHttpError, CourtListenerUnavailableError } from './courtlistener/client';
export { CitationThrottle, systemClock, type Clock } from './courtlistener/throttle';
export {
  fetchOpinionText,
  htmlToText,
  CaseOpinionError,
  OpinionNotAvailableError,
  OpinionNotRetrievedError,
  OpinionTemporaryError,
} from './courtlistener/opinion';

export { importBulkData, renderImportProgress, expandInputs, bulkFileKind, ImportError } from './local-index/import';
export type { ImportOptions, ImportProgress, ImportReport, FileReport, BulkFileKind } from './local-index/import';
export { LocalCitationIndex, IndexNotFoundError, IndexVersionError, citationUrl, type IndexInfo } from './local-index/lookup';
export { defaultIndexPath } from './local-index/schema';
export { CsvParser, readCsv } from './local-index/csv';

export { verify, verifyCitation, describe, MESSAGES, NAME_MATCH_THRESHOLD } from './verdict/verify';
export type { VerifyOptions, VerifyProgress, VerifyResult } from './verdict/verify';
export { checkPlausibility, type PlausibilityProblem, type ProblemCode } from './verdict/plausibility';
export { courtKind, type CourtKind } from './courts';
export { courtLabel } from './verdict/court-names';
export { compareCaseNames, caseNameSimilarity, type NameComparison, type NameVerdict } from './names';

export { demoIndexInputs, ensureDemoIndex, DEMO_DIR } from './demo';

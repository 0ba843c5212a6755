/**
 * @citecheck/caselaw — is this case real, and is it the case the brief says it is?
 *
 * Read in this order:
 *   provider.ts              the CaseLawProvider port, lookup shapes, the answer cache
 *   courtlistener/           CourtListener's citation-lookup API v4 (+ opinion text)
 *   local-index/             the SQLite citation index, its bulk importer and coverage
 *   download/                the newest bulk snapshot from CourtListener's bucket, page ranges from CAP
 *   names/                   case-name comparison (abbreviations, OCR misreadings, parties)
 *   verdict/                 plausibility rules and the verdict for each citation
 *   demo.ts                  the small demo index shipped with the product
 *   testing/                 a fake CourtListener server and fixtures for tests
 */
export { citationKey, citationUrl, MemoryCache, COURTLISTENER_SITE } from './provider';
export type { CaseCluster, CaseLawCache, CaseLawProvider, Evidence, LookupCoverage, LookupRequest, LookupResult, NameQuery, NameSearchResult, OpinionAnswer, OpinionRequest, OpinionTextCache, PageRange, PinCheck } from './provider';

export { CourtListenerProvider, courtListenerFromEnv, COURTLISTENER_SOURCE } from './courtlistener/provider';
export type { CourtListenerOptions } from './courtlistener/provider';
export { CourtListenerClient, CourtListenerHttpError, CourtListenerUnavailableError } from './courtlistener/client';
export { CitationThrottle, systemClock, type Clock, type SharedQuota } from './courtlistener/throttle';
export {
  fetchOpinionText,
  htmlToText,
  CaseOpinionError,
  OpinionNotAvailableError,
  OpinionNotRetrievedError,
  OpinionTemporaryError,
} from './courtlistener/opinion';

export { importBulkData, renderImportProgress, expandInputs, bulkFileKind, ImportError, describeSource, snapshotDateOf, isSeriesNeverComplete } from './local-index/import';
export { pageNumber, romanValue, volumeOf } from './local-index/pages';
export type { ImportOptions, ImportProgress, ImportReport, FileReport, BulkFileKind } from './local-index/import';
export { LocalCitationIndex, IndexNotFoundError, IndexVersionError, checkPin, type IndexInfo, type ReporterCoverage } from './local-index/lookup';
export { defaultIndexPath } from './local-index/schema';
export { CsvParser, readCsv, Bzip2Error } from './local-index/csv';

export { downloadSnapshot, renderDownloadProgress } from './download/download';
export type { DownloadOptions, DownloadProgress, DownloadEvent, DownloadResult } from './download/download';
export { listBucket, parseListObjectsV2, pickSnapshot, BucketError, COURTLISTENER_BUCKET_URL, BULK_PREFIX } from './download/bucket';
export type { BucketObject, Snapshot, SnapshotFile } from './download/bucket';
export { fetchFile, DownloadError } from './download/fetch-file';
export { checkDiskSpace, estimateIndexBytes, formatBytes, freeBytes, DiskSpaceError } from './download/disk';
export { importCapLists, capReporterSlug, casesOf, CapError, CAP_STATIC_URL, CAP_SOURCE } from './download/cap';
export type { CapReport } from './download/cap';

export { verify, verifyCitation, describe, sourceForLawyer, MESSAGES, NAME_MATCH_THRESHOLD } from './verdict/verify';
export type { VerifyOptions, VerifyProgress, VerifyResult } from './verdict/verify';
export { checkPlausibility, type PlausibilityProblem, type ProblemCode } from './verdict/plausibility';
export { courtKind, courtFamily, familyLabel, type CourtKind, type CourtFamily } from './courts';
export { canonicalReporter, isYearNumbered, reporterFamily } from './engine';
export { courtLabel } from './verdict/court-names';
export { compareCaseNames, caseNameSimilarity, type NameComparison, type NameVerdict } from './names';

export { demoIndexInputs, ensureDemoIndex, DEMO_DIR } from './demo';
export { checkText, extractText, verifyCite, findQuote, quotesByCitation, TooManyCitationsError, type CheckTextOptions, type CheckedText } from './check-text';
export { findBriefQuotes, checkBriefQuotes, checkExtractedQuotes, toResult as toQuoteResult, type FoundQuote, type QuoteToCheck } from './quotes';

export { useDocumentProcessing } from './hooks/use-document-processing';
export { UploadCard } from './components/upload-card';
export { ProgressCard } from './components/progress-card';
export { ResultsSection } from './components/results-section';
export { ValidationSummary } from './components/validation-summary';
export { CitationStatusBadge } from './components/citation-status';
export { OpinionDialog } from './components/opinion-dialog';
export { useCitations, citationsQueryOptions } from './api/get-citations';
export { reportDetailText, totalsOf, statusOf, courtListenerUrl, locationOf, type CitationTotals } from './lib/citations';

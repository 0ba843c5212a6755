export { useDocumentProcessing } from './hooks/use-document-processing';
export { UploadCard } from './components/upload-card';
export { ProgressCard } from './components/progress-card';
export { ResultsSection } from './components/results-section';
export { OpinionDialog } from './components/opinion-dialog';

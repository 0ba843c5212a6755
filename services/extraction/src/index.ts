/**
 * @citecheck/extraction: document.uploaded -> text (+OCR) -> citations -> citations.extracted.
 * The pure steps are exported for callers that run them in process (the CLI).
 */
export { service, SERVICE_NAME, typeDefs } from './service';
export { configSchema, type ExtractionConfig } from './config';
export { findDocumentCitations, toExtractedCitations, type CitationInput } from './domain/extract';
export { chunkText, buildMessages, parseModelAnswer, mergeModelFindings } from './domain/model-pass';

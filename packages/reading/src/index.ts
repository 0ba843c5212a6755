/**
 * @citecheck/reading: reads a legal brief (.pdf, scanned or not, or .docx; .txt for the CLI)
 * into pages of paragraphs, refusing hostile or broken files with a DocumentError.
 *
 * Read top-down: read.ts (the entry point) → pool.ts (the reusable, isolated worker threads) →
 * spawn.ts → detect.ts (type by content) → worker.ts → docx.ts / pdf.ts / text.ts → layout.ts (paragraphs from positioned text)
 * and ocr.ts (tesseract pool); errors.ts holds every failure's code and message.
 */
export { readDocument } from './read';
export { detectFileType } from './detect';
export { DocumentError, isDocumentError, messageFor, ACCEPTED_MIME_TYPES, MAX_FILE_BYTES, type DocumentErrorCode } from './errors';
export { toCitationInput, PARAGRAPH_SEPARATOR } from './citation-input';
export { sanitizeFilename } from './sanitize';
export { renderProgressBar, type ProgressBarInput } from './progress';
export { closeReader, configureReader, warmReader, type ReaderOptions } from './read';
export { ocrPoolSize, cgroupMemoryLimitMib, OCR_MEMORY, type OcrSizing } from './ocr';
export { mapReaderText, docxTextMap, pdfTextMap, pdfBoxes } from './positions';
export { startWorkerFile } from './spawn';
export type { ReadDocument, ReadOptions, PageLayout, ReadProgress, ReaderMemory, ReadWarning, Page, Paragraph, ParagraphKind, FileType } from './types';

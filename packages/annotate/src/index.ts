/**
 * @citecheck/annotate: the lawyer's own document back, with every finding where it stands: a
 * Word comment on each flagged citation of a .docx, a highlight and note on each in a PDF, and a
 * summary at the top. Read top-down: annotate.ts (the entry) → docx.ts / pdf.ts → findings.ts
 * (what a verdict says, in a comment's words) and zip.ts (a .docx rewritten part by part).
 * Where each citation sits comes from @citecheck/reading/positions.
 */
export { annotateDocument, ANNOTATED_MIME_TYPES, type AnnotateDocumentInput } from './annotate';
export { annotateDocx } from './docx';
export { annotatePdf, type AnnotatePdfInput } from './pdf';
export { AnnotateError, annotateMessage, type AnnotateErrorCode } from './errors';
export { findingOf, countFindings, quoteIsFinding, type CitationToAnnotate, type Finding, type FindingKind, type QuoteCheck, type Counts } from './findings';
export type { AnnotateInput, AnnotateResult, Placed } from './types';

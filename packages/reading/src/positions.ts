/**
 * Where the reader's text came from: offsets in `toCitationInput(document).text` mapped back to a
 * .docx's runs (docx-map.ts) or a PDF page's positioned text (pdf-map.ts), through text-map.ts.
 * A separate entry point (`@citecheck/reading/positions`): an annotator needs none of the
 * reader's workers to use it.
 */
export { mapReaderText, type SourceRange, type SourceText, type TextMapper } from './text-map';
export { docxTextMap, type DocxPart, type DocxPartName, type DocxRun, type DocxTextMap, type DocxTextNode } from './docx-map';
export { pdfBoxes, pdfTextMap, type PdfBox, type PdfTextMap } from './pdf-map';
export type { PageLayout } from './types';

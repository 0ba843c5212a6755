/**
 * One entry for both kinds of document: the file's own bytes, the reader's reading of them
 * (PDFs read with `layout: true`) and the report's citations in, the annotated copy out.
 */
import type { ReadDocument } from '@citecheck/reading';
import { toCitationInput } from '@citecheck/reading/citation-input';
import { annotateDocx } from './docx';
import { AnnotateError } from './errors';
import type { CitationToAnnotate } from './findings';
import { annotatePdf } from './pdf';
import type { AnnotateResult } from './types';

export interface AnnotateDocumentInput {
  /** What the reader made of `bytes` (the citations' offsets are in its text). */
  document: Pick<ReadDocument, 'fileType' | 'pages' | 'layout'>;
  citations: CitationToAnnotate[];
  checkedAt: Date;
  includeValid?: boolean;
}

export const ANNOTATED_MIME_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

/**
 * The annotated copy of a .docx or a PDF, in the same format.
 * @example
 *   const document = await readDocument(bytes, { layout: true });
 *   const { bytes: copy } = await annotateDocument(bytes, { document, citations, checkedAt: new Date() });
 */
export async function annotateDocument(bytes: Uint8Array, input: AnnotateDocumentInput): Promise<AnnotateResult & { fileType: 'docx' | 'pdf' }> {
  const { text } = toCitationInput({ ...input.document, ocrUsed: false, ocrPages: [], warnings: [] });
  const common = { text, citations: input.citations, checkedAt: input.checkedAt, includeValid: input.includeValid };
  switch (input.document.fileType) {
    case 'docx':
      return { ...annotateDocx(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), common), fileType: 'docx' };
    case 'pdf':
      return { ...(await annotatePdf(bytes, { ...common, layout: input.document.layout })), fileType: 'pdf' };
    default:
      throw new AnnotateError('type-unsupported');
  }
}

/**
 * Every way reading a document can fail, as a stable code plus a sentence a lawyer can act on.
 * The code is for programs (the upload service maps it to HTTP, the web client to a toast);
 * the message is shown to people as it is, so it never carries stack traces or file paths.
 */

/** The accepted upload types, in SPEC.md's drop-zone wording. */
export const ACCEPTED_MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

/** SPEC.md section 9: one file of at most 10 MB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export type DocumentErrorCode =
  | 'file-invalid-type'
  | 'file-too-large'
  | 'file-too-small'
  | 'pdf-encrypted'
  | 'pdf-corrupt'
  | 'pdf-too-complex'
  | 'docx-corrupt'
  | 'docx-too-large'
  | 'docx-macro'
  | 'docx-unsafe-xml'
  | 'too-many-pages'
  | 'too-many-paragraphs'
  | 'too-many-citations'
  | 'too-many-ocr-pages'
  | 'no-text'
  | 'read-timeout'
  | 'read-memory'
  | 'read-aborted'
  | 'read-failed'
  | 'extract-timeout';

const MESSAGES: Record<Exclude<DocumentErrorCode, 'file-invalid-type' | 'file-too-large' | 'file-too-small'>, string> = {
  'pdf-encrypted': 'This PDF is password-protected. Please remove the password and upload it again.',
  'pdf-corrupt': 'This PDF is damaged and cannot be read. Please save or export it again and upload the new copy.',
  'pdf-too-complex':
    'This PDF repeats the same drawing so many times that reading it would take too long, so it was stopped. Please print it to a new PDF (or export it again from the program that made it) and upload the new copy.',
  'docx-corrupt': 'This Word document is damaged and cannot be read. Please save it again in Word and upload the new copy.',
  'docx-too-large': 'This Word document expands to far more data than a brief can hold, so it was not opened. Please save it again in Word, without embedded files, and upload the new copy.',
  'docx-macro': 'This Word document contains macros, which we do not accept. Please save it as a regular Word document (.docx) and upload it again.',
  'docx-unsafe-xml': 'This Word document contains hidden references to outside files, which we do not open. Please save it again in Word and upload the new copy.',
  'too-many-pages': 'This document has more pages than we can check at once. Please split it into smaller files and upload them separately.',
  'too-many-paragraphs': 'This document has more paragraphs than we can check at once. Please split it into smaller files and upload them separately.',
  'too-many-citations': 'This document has more citations than we can check at once. Please split it into smaller files and upload them separately.',
  'too-many-ocr-pages': 'This document has more scanned pages than we read at once. Please split it into smaller files, or upload a copy with a text layer.',
  'no-text': 'We could not find any readable text in this document.',
  'read-timeout': 'Reading this document took too long and was stopped. Please try again, or split it into smaller files.',
  'read-memory': 'This document needs more memory to read than we allow, so reading was stopped. Please split it into smaller files.',
  'read-aborted': 'Reading this document was cancelled.',
  'read-failed': 'Something went wrong while reading this document. Please try again.',
  'extract-timeout': 'Finding the citations in this document took too long and was stopped. Please split it into smaller files and upload them separately.',
};

/** A reading failure with a stable `code` and a message fit to show to the person who uploaded. */
export class DocumentError extends Error {
  override readonly name = 'DocumentError';

  constructor(
    readonly code: DocumentErrorCode,
    message: string = messageFor(code),
  ) {
    super(message);
  }

  /** Plain form used to send the error across a worker boundary (class identity does not survive). */
  toJSON(): { code: DocumentErrorCode; message: string } {
    return { code: this.code, message: this.message };
  }
}

/** The standard sentence for a code; the three drop-zone codes use SPEC.md's exact wording. */
export function messageFor(code: DocumentErrorCode, accepted: readonly string[] = ACCEPTED_MIME_TYPES): string {
  switch (code) {
    case 'file-invalid-type':
      return accepted.length === 1 ? `File type must be ${accepted[0]}` : `File type must be one of ${accepted.join(', ')}`;
    case 'file-too-large':
      return `File is larger than ${MAX_FILE_BYTES} bytes`;
    case 'file-too-small':
      return 'File is smaller than 1 bytes';
    default:
      return MESSAGES[code];
  }
}

export function isDocumentError(value: unknown): value is DocumentError {
  return value instanceof DocumentError;
}

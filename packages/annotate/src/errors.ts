/**
 * Every way making an annotated copy can fail, as a stable code plus a sentence fit to show the
 * lawyer. An annotated copy is either whole and valid or not made at all: nothing here returns
 * a half-written file.
 */

export type AnnotateErrorCode =
  | 'positions-unmapped'
  | 'pdf-encrypted'
  | 'pdf-corrupt'
  | 'pdf-layout-missing'
  | 'docx-corrupt'
  | 'docx-unsupported'
  | 'docx-too-large'
  | 'type-unsupported';

const MESSAGES: Record<AnnotateErrorCode, string> = {
  'positions-unmapped':
    "The flagged citations could not be found on the document's own pages, so no annotated copy was made. The report still lists every finding.",
  'pdf-encrypted': 'This PDF is password-protected, so an annotated copy cannot be made. Please remove the password and upload it again.',
  'pdf-corrupt': 'This PDF is damaged, so an annotated copy cannot be made. Please save or export it again and upload the new copy.',
  'pdf-layout-missing': 'The positions of the text on the pages of this PDF are not available, so an annotated copy cannot be made.',
  'docx-corrupt': 'This Word document is damaged, so an annotated copy cannot be made. Please save it again in Word and upload the new copy.',
  'docx-unsupported':
    'This Word document is stored in a form CiteCheck cannot annotate without changing it. Please save it again in Word (.docx) and upload the new copy.',
  'docx-too-large': 'This Word document is too large to annotate. The report still lists every finding.',
  'type-unsupported': 'Only Word (.docx) and PDF documents can be annotated.',
};

export class AnnotateError extends Error {
  override readonly name = 'AnnotateError';

  constructor(
    readonly code: AnnotateErrorCode,
    message: string = MESSAGES[code],
  ) {
    super(message);
  }
}

export function annotateMessage(code: AnnotateErrorCode): string {
  return MESSAGES[code];
}

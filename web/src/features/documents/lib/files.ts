/** SPEC sections 2 and 9: PDF or Word .docx, one file, at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10485760;

export const ACCEPTED_TYPES = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

/** Operating-system clutter that sneaks into folder drops; ignored, never reported. */
const IGNORED_NAMES = new Set(['.DS_Store', 'Thumbs.db']);

export function isIgnoredFile(file: { name: string }): boolean {
  return IGNORED_NAMES.has(file.name);
}

/** The kinds of file taken, as people name them. */
const ACCEPTED_NAMES = '.pdf, .docx';

/**
 * SPEC section 5's rejection sentences ('File type must be one of {list}', 'File is larger than
 * {n}', ...), written for a lawyer: file extensions, not MIME types, and megabytes, not a
 * byte count. The same for the drop zone's own check and the server's (the codes are the same).
 */
export function rejectionMessage(code: string, fallback: string): string {
  switch (code) {
    case 'file-invalid-type':
      return `File type must be one of ${ACCEPTED_NAMES} (a PDF or a Word document)`;
    case 'file-too-large':
      return `File is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;
    case 'file-too-small':
      return 'File is empty';
    case 'too-many-files':
      return 'Too many files: choose one document';
    default:
      return fallback;
  }
}

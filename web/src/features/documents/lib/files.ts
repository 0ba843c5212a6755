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

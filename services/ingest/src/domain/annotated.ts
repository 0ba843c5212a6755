/**
 * Where the annotated copy of an upload is kept: beside the upload, so whatever deletes an
 * upload (retention, a deleted account) finds its copy from the same key.
 */
export function annotatedKey(uploadKey: string): string {
  return `${uploadKey}.annotated`;
}

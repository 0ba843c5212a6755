import { z } from 'zod';

/**
 * The annotated brief (GET /api/documents/{id}/annotated): who may download it and how the
 * owner lets a shared report link offer it. Not in SPEC: the product's own addition.
 */

/** PUT /api/documents/{id}/annotated/sharing. Anything but a boolean reads as null, which the use case refuses. */
export const annotatedSharingBodySchema = z.object({
  shared: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'boolean' ? value : null)),
});

export type AnnotatedSharingBody = z.output<typeof annotatedSharingBodySchema>;

/** GET /api/documents/{id}/annotated/access, and the answer to a sharing change. */
export interface AnnotatedAccess {
  /** The copy can be made: the document is checked and its citations' positions were kept. */
  available: boolean;
  /** The caller may download it: the owner, or anyone while the owner shares it. */
  canDownload: boolean;
  /** The caller uploaded the document (and may change the sharing). */
  isOwner: boolean;
  /** The owner lets a shared report link download it. */
  shared: boolean;
  /** The copy's format: the upload's own (a Word document is annotated as a .docx). */
  format: 'docx' | 'pdf';
}

/**
 * The errors ingest answers, as ApiErrors (rendered `{message, error, ...extra}`). The file
 * checks use SPEC.md section 5's drop-zone wording and codes, from the reading package.
 */
import { ApiError, type LimitReachedBody, type PaymentRequiredBody } from '@citecheck/proto';

export const uploadErrors = {
  unauthenticated: () =>
    new ApiError(401, 'Please verify your email address or sign in before uploading a document', 'authentication_required'),
  noFile: () => new ApiError(400, 'No document was uploaded: send the file in the "document" field', 'no-file'),
  tooManyFiles: () => new ApiError(400, 'Too many files', 'too-many-files'),
  /**
   * Limit reached: 403, because the request is understood and refused for this account until
   * it upgrades; 429 would tell clients to retry later, which will not help.
   */
  limitReached: (body: LimitReachedBody) => new ApiError(403, body.message, body.error, { ...body }),
  /** The subscription's last payment failed (identity refuses the report): 402, SPEC's 'Payment Required'. */
  paymentRequired: (body: PaymentRequiredBody) => new ApiError(402, body.message, body.error, { ...body }),
  timeout: (documentId: string) =>
    new ApiError(
      504,
      'Checking this document is taking longer than usual. Processing continues: the results will be kept and shown in your dashboard and at the report link when they are ready.',
      'processing_timeout',
      { documentId },
    ),
};

export const documentErrors = {
  notFound: () => new ApiError(404, 'Document not found', 'document_not_found'),
  reportNotFound: () => new ApiError(404, "The validation report you're looking for doesn't exist or has been removed.", 'report_not_found'),
  processing: () => new ApiError(409, 'This document is still being processed', 'processing'),
  failed: (message: string, code: string) => new ApiError(422, message, code),
};

export const accountErrors = {
  unauthenticated: () => new ApiError(401, 'Please sign in to see your documents', 'authentication_required'),
  upgradeRequired: () => new ApiError(403, 'Upgrade to Premium to see your documents and reports', 'upgrade_required'),
  passwordRequired: () => new ApiError(403, 'PASSWORD_REQUIRED', 'PASSWORD_REQUIRED', { requiresPassword: true }),
  /** Identity's wording for an admin call by anyone else. */
  adminRequired: () => new ApiError(401, 'Invalid email or password', 'admin_unauthorized'),
};

/** The annotated brief (not in SPEC: the product's own wording). */
export const annotatedErrors = {
  signIn: () => new ApiError(401, 'Please sign in to download the annotated brief.', 'authentication_required'),
  notShared: () =>
    new ApiError(403, 'Only the owner of this document can download the annotated brief, unless they share it with the report link.', 'annotated_not_shared'),
  signInToShare: () => new ApiError(401, 'Please sign in to change who may download the annotated brief.', 'authentication_required'),
  ownerOnlyShares: () => new ApiError(403, 'Only the owner of this document can change who may download the annotated brief.', 'owner_only'),
  badSharing: () => new ApiError(400, 'Say whether the report link may download the annotated brief: send {"shared": true} or {"shared": false}.', 'bad_request'),
  formatUnavailable: (type: 'docx' | 'pdf') =>
    type === 'docx'
      ? new ApiError(406, 'An annotated PDF of a Word document would need a word processor, which this server does not run. Download the annotated .docx instead.', 'annotated_format_unavailable')
      : new ApiError(406, 'A PDF is annotated as a PDF. Download the annotated .pdf instead.', 'annotated_format_unavailable'),
  checkedBefore: () => new ApiError(409, 'This document was checked before annotated copies were kept. Upload it again to get one.', 'annotated_unavailable'),
  uploadExpired: () =>
    new ApiError(410, 'The uploaded file is no longer kept (uploads are deleted after the retention period), so no annotated copy can be made. Upload it again to get one.', 'upload_expired'),
};

import { z } from 'zod';

/** The main flow: upload -> extraction -> validation -> report. Keyed by documentId. */

export const citationTypeSchema = z.enum(['case', 'statute', 'regulation', 'journal', 'rule']);
export const citationFormSchema = z.enum(['full', 'short', 'id', 'supra', 'reference']);

/** A citation as the extraction stage found it (no verdict yet). */
export const extractedCitationSchema = z.object({
  id: z.string(),
  type: citationTypeSchema,
  form: citationFormSchema,
  text: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  normalized: z.string().nullable(),
  volume: z.number().nullable(),
  reporter: z.string().nullable(),
  page: z.string().nullable(),
  pinCite: z.string().nullable(),
  caseName: z.string().nullable(),
  plaintiff: z.string().nullable(),
  defendant: z.string().nullable(),
  year: z.number().nullable(),
  court: z.string().nullable(),
  parenthetical: z.string().nullable(),
  context: z.string(),
  documentPage: z.number().nullable(),
  paragraph: z.number().nullable(),
  antecedent: z.string().nullable(),
  parallels: z.array(z.string()),
  /** Found by the optional language-model pass (and re-parsed by the engine). */
  foundByModel: z.boolean().optional(),
});

export const validationDetailsSchema = z.union([
  z.string(),
  z.object({ message: z.string(), suggestion: z.string().optional() }),
]);

/** SPEC.md section 3: the case-law database's data, named after CourtListener. */
export const courtListenerDataSchema = z.object({
  caseName: z.string().nullable(),
  court: z.string().nullable(),
  year: z.number().nullable(),
  absolute_url: z.string().nullable(),
});

export const verdictSchema = z.object({
  isValid: z.boolean().nullable(),
  confidence: z.number().min(0).max(100),
  validationDetails: validationDetailsSchema,
  courtListenerData: courtListenerDataSchema.nullable(),
  /**
   * What the citation was checked against, in a lawyer's words (`CourtListener bulk data of
   * 2026-10-31`, `CourtListener API`); null when no case-law source was asked (a statute, an
   * impossible citation). Optional: verdicts stored before it existed carry none.
   */
  checkedAgainst: z.string().nullable().optional(),
});

/** The statuses of a quotation checked against its opinion (issue 27's output contract). */
export const quoteStatusSchema = z.enum(['verified', 'wrong-page', 'altered', 'not-found', 'unchecked']);

/** A run of words in a comparison; `changed` marks words that differ from the other side. */
export const quoteDiffPartSchema = z.object({ text: z.string(), changed: z.boolean() });

/**
 * A quotation the brief attributes to a case, and what checking it against the opinion found:
 * `{ text, status, foundPage, message }`, and for the report the opinion's words and, when
 * altered, both sides with the changed words marked.
 */
export const quoteCheckSchema = z.object({
  text: z.string(),
  status: quoteStatusSchema,
  /** Where the words are (`1006`, `1006-1007`), or the nearest passage for an altered quotation; null otherwise. */
  foundPage: z.string().nullable(),
  message: z.string(),
  /** The pin the brief gives, or null. */
  pin: z.string().nullable().optional(),
  /** The opinion's words for the passage found (verified, wrong-page, altered). */
  opinionText: z.string().nullable().optional(),
  /** altered: the quotation and the opinion's passage word by word, the changed words marked. */
  diff: z.object({ quote: z.array(quoteDiffPartSchema), opinion: z.array(quoteDiffPartSchema) }).nullable().optional(),
});

/**
 * A quotation found in the brief (extraction), tied to the citation it is attributed to and
 * the case and pins it is checked against; validation checks it against the opinion.
 */
export const extractedQuoteSchema = z.object({
  /** The citation the words are attributed to (an id of the event's citations), or null. */
  citationId: z.string().nullable(),
  text: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  kind: z.enum(['inline', 'block']),
  tie: z.enum(['parenthetical', 'following', 'next-sentence', 'preceding', 'block']).nullable(),
  notes: z.array(z.enum(['emphasis-added', 'emphasis-in-original', 'emphasis-omitted', 'internal-quotation-marks-omitted', 'alteration-in-original', 'citations-omitted', 'footnote-omitted', 'cleaned-up'])),
  /** The case (its citation and parallels, each with the pin that applies to it), or null with `reason`. */
  target: z
    .object({
      caseKey: z.string(),
      cites: z.array(z.object({ normalized: z.string(), volume: z.number().nullable(), reporter: z.string().nullable(), page: z.string(), pin: z.string().nullable() })),
    })
    .nullable(),
  reason: z.enum(['no-text', 'case-not-found', 'no-citation', 'unresolved-citation', 'source-unavailable']).nullable(),
});

export const validatedCitationSchema = extractedCitationSchema.extend(verdictSchema.shape).extend({
  /**
   * The quotations the brief attributes to this citation, checked against the opinion (case
   * citations; an empty list when it has none). Optional: verdicts stored before quotations
   * were checked carry none.
   */
  quotes: z.array(quoteCheckSchema).optional(),
});

export const processingStatsSchema = z.object({
  llmCalls: z.number().int().nonnegative(),
  courtListenerCalls: z.number().int().nonnegative(),
  llmTokensUsed: z.number().int().nonnegative(),
  processingTimeMs: z.number().nonnegative(),
  ocrUsed: z.boolean(),
});

export const documentUploadedSchema = z.object({
  documentId: z.string(),
  filename: z.string(),
  fileType: z.enum(['pdf', 'docx']),
  size: z.number().int().nonnegative(),
  blobKey: z.string(),
  sessionId: z.string().nullable(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  ipAddress: z.string().nullable(),
  uploadedAt: z.string().datetime(),
  /** The uploader's plan, which bounds the OCR work extraction does; absent in older events (free). */
  userType: z.enum(['free', 'premium', 'enterprise']).optional(),
});

/** The uploader asked to stop a document's processing (POST /api/documents/:id/cancel). */
export const documentCancelledSchema = z.object({
  documentId: z.string(),
  userId: z.string(),
});

/**
 * A document and everything kept about it are to go: its account was deleted. Published by
 * ingest, which knows an account's documents, once per document (keyed by it); every service
 * holding something of the document (extraction's and validation's job records, validation's
 * verdicts, analytics' usage record) forgets it. Consumers must be idempotent.
 */
export const documentDeletedSchema = z.object({
  documentId: z.string(),
  userId: z.string(),
  deletedAt: z.string().datetime(),
});

export const citationsExtractedSchema = z.object({
  documentId: z.string(),
  sessionId: z.string().nullable(),
  citations: z.array(extractedCitationSchema),
  pageCount: z.number().int().nonnegative(),
  ocrUsed: z.boolean(),
  ocrPages: z.number().int().nonnegative(),
  stats: processingStatsSchema,
  warnings: z.array(z.string()),
  /** The brief's quotations tied to their citations (absent in events of versions before quotations were checked). */
  quotes: z.array(extractedQuoteSchema).optional(),
});

export const citationsValidatedSchema = z.object({
  documentId: z.string(),
  sessionId: z.string().nullable(),
  citations: z.array(validatedCitationSchema),
  stats: processingStatsSchema,
});

export const reportGeneratedSchema = z.object({
  reportId: z.string(),
  documentId: z.string(),
  userId: z.string().nullable(),
  totalCitations: z.number().int().nonnegative(),
  validCitations: z.number().int().nonnegative(),
  invalidCitations: z.number().int().nonnegative(),
  accuracyRate: z.number().min(0).max(100),
  generatedAt: z.string().datetime(),
});

export const pipelineFailedSchema = z.object({
  documentId: z.string(),
  sessionId: z.string().nullable(),
  userId: z.string().nullable(),
  stage: z.enum(['upload', 'extraction', 'validation', 'report']),
  /** What the user is shown (SPEC wording where it has one). */
  message: z.string(),
  /** A stable code for programs (e.g. pdf-encrypted). */
  code: z.string(),
});

export type ExtractedCitation = z.infer<typeof extractedCitationSchema>;
export type ValidatedCitation = z.infer<typeof validatedCitationSchema>;
export type Verdict = z.infer<typeof verdictSchema>;
export type QuoteCheckResult = z.infer<typeof quoteCheckSchema>;
export type ExtractedQuote = z.infer<typeof extractedQuoteSchema>;
export type CourtListenerData = z.infer<typeof courtListenerDataSchema>;
export type ValidationDetails = z.infer<typeof validationDetailsSchema>;
export type ProcessingStats = z.infer<typeof processingStatsSchema>;
export type DocumentUploaded = z.infer<typeof documentUploadedSchema>;
export type CitationsExtracted = z.infer<typeof citationsExtractedSchema>;
export type DocumentDeleted = z.infer<typeof documentDeletedSchema>;
export type CitationsValidated = z.infer<typeof citationsValidatedSchema>;
export type ReportGenerated = z.infer<typeof reportGeneratedSchema>;
export type PipelineFailed = z.infer<typeof pipelineFailedSchema>;

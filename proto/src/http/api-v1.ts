/**
 * The versioned public API (`/api/v1`) that programs call with an API key: drafting
 * assistants, firm systems, the MCP server's tools. One set of zod schemas serves three
 * purposes: the services validate requests and shape answers with them, the MCP tools declare
 * them as their input and output schemas, and `openapi.ts` generates the OpenAPI 3.1 document
 * from them, so the description cannot drift from what the server does.
 *
 * Errors keep the one shape every CiteCheck endpoint answers (`{ error: <code>, message }`,
 * errors.ts), with a few optional fields some codes add (`issues`, the limit-reached figures,
 * `retryAfterSeconds`).
 *
 *   const { text } = checkRequestSchema.parse(body);           // 400 invalid_request otherwise
 *   ctx.body = checkResponseSchema.parse({ citations, summary, usage });
 */
import { z } from 'zod';
import type { SpecCitation } from './citation';
import { ApiError } from './errors';
import type { ExtractedCitation, QuoteCheckResult, Verdict } from '../events/document';

export const API_V1_PREFIX = '/api/v1';

/**
 * Characters of text one `POST /api/v1/check` may send: about 150 pages of a brief, well under
 * the servers' 1 MB JSON body limit even when every character takes three bytes in UTF-8.
 */
export const API_CHECK_MAX_CHARS = 300_000;
/** A citation and a case name to verify one at a time. */
export const API_CITE_MAX_CHARS = 500;
/** A caller's webhook address. */
export const API_WEBHOOK_URL_MAX_CHARS = 2_000;

/** The header a webhook delivery is signed in, and the scheme (see webhookSignature). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-citecheck-signature';
/** What the signing key is derived from the API key with (HMAC-SHA256(apiKey, this)). */
export const WEBHOOK_KEY_LABEL = 'citecheck-webhook-v1';

// --- Keys -------------------------------------------------------------------------------------

/**
 * An API key as issued: `cck_` + a 16-hex-digit id (the public part, stored as it is, shown on
 * the dashboard to tell keys apart) + `_` + 43 characters of secret (32 random bytes,
 * base64url; only its SHA-256 is stored).
 */
export const API_KEY_PATTERN = /^cck_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
/** Anything shaped like a key inside a longer text (logs, error messages). */
export const API_KEY_IN_TEXT = /\bcck_([0-9a-f]{16})_[A-Za-z0-9_-]{43}/g;

/** The API key a request carries in `Authorization: Bearer <key>`, or null. */
export function apiKeyFrom(authorization: string | null | undefined): string | null {
  const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return bearer && bearer.startsWith('cck_') ? bearer : null;
}

// --- Shared shapes ---------------------------------------------------------------------------

const citationTypeSchema = z.enum(['case', 'statute', 'regulation', 'journal', 'rule']).meta({
  description: 'What is cited. Only case citations are verified; statutes, regulations, rules and journals are listed.',
});

export const apiMatchedCaseSchema = z
  .object({
    name: z.string().nullable().meta({ description: 'The case name the case-law source holds at that address.' }),
    court: z.string().nullable(),
    year: z.number().int().nullable(),
    url: z.string().nullable().meta({ description: 'The case on CourtListener.' }),
  })
  .meta({
    id: 'MatchedCase',
    description: 'The case the case-law source holds at the cited address: the evidence behind the verdict.',
    example: { name: 'Ashcroft v. Iqbal', court: 'Supreme Court of the United States', year: 2009, url: 'https://www.courtlistener.com/c/U.S./556/662/' },
  });

export const verdictStatuses = ['valid', 'invalid', 'unverified', 'not_checked'] as const;

export const apiVerdictSchema = z
  .object({
    status: z.enum(verdictStatuses).meta({
      description:
        'valid: the case is at that address under that name. invalid: no such case, or another case is there (possible fabrication). ' +
        'unverified: the sources available could neither confirm nor rule it out. not_checked: not a case citation (statutes and regulations are listed, not verified).',
    }),
    isValid: z.boolean().nullable().meta({ description: 'true valid, false invalid, null neither (the product report\'s isValid).' }),
    confidence: z.number().int().min(0).max(100).meta({ description: 'Percent.' }),
    message: z.string().meta({ description: 'What was found, in a lawyer\'s words: the evidence for the verdict.' }),
    suggestion: z.string().nullable().meta({ description: 'What to do about it, when there is something to do.' }),
    checkedAgainst: z.string().nullable().meta({ description: 'The source the citation was checked against; null when none was asked.' }),
    matchedCase: apiMatchedCaseSchema.nullable(),
  })
  .meta({
    id: 'Verdict',
    example: {
      status: 'invalid',
      isValid: false,
      confidence: 0,
      message: 'Possible hallucination - citation not found',
      suggestion: 'Check formatting',
      checkedAgainst: 'CourtListener bulk data of 2026-10-31',
      matchedCase: null,
    },
  });

/** A citation as the engine reads it from the text, with its place in that text. */
export const apiCitationSchema = z
  .object({
    text: z.string().meta({ description: 'The citation as written.' }),
    type: citationTypeSchema,
    form: z.enum(['full', 'short', 'id', 'supra', 'reference']).meta({ description: 'Full citation, short form (550 U.S. at 570), Id., supra, or a reference by name.' }),
    normalized: z.string().nullable().meta({ description: 'Volume, canonical reporter and page (556 U.S. 662).' }),
    volume: z.number().int().nullable(),
    reporter: z.string().nullable(),
    page: z.string().nullable().meta({ description: 'The first page of the case in the reporter.' }),
    pinCite: z.string().nullable(),
    caseName: z.string().nullable(),
    year: z.number().int().nullable(),
    court: z.string().nullable(),
    start: z.number().int().nonnegative().meta({ description: 'Offset of the first character in the text sent (UTF-16 code units, as JavaScript counts).' }),
    end: z.number().int().nonnegative().meta({ description: 'Offset just past the last character.' }),
    antecedent: z.string().nullable().meta({ description: 'For a short form: the full citation it refers to.' }),
  })
  .meta({
    id: 'Citation',
    example: {
      text: '556 U.S. 662',
      type: 'case',
      form: 'full',
      normalized: '556 U.S. 662',
      volume: 556,
      reporter: 'U.S.',
      page: '662',
      pinCite: '678',
      caseName: 'Ashcroft v. Iqbal',
      year: 2009,
      court: 'scotus',
      start: 18,
      end: 30,
      antecedent: null,
    },
  });

const diffPartSchema = z.object({ text: z.string(), changed: z.boolean().meta({ description: 'True for words that differ from the other side.' }) });

/** A quotation the text attributes to a case, checked against the case's opinion. */
export const apiQuoteSchema = z
  .object({
    text: z.string().meta({ description: 'The quotation as written.' }),
    status: z.enum(['verified', 'wrong-page', 'altered', 'not-found', 'unchecked']).meta({
      description:
        'verified: in the opinion, on a page the pin cite covers; wrong-page: word for word, on another page (foundPage); altered: a near passage with other words (diff); not-found: nothing close; unchecked: no text of the opinion to compare with (message says why).',
    }),
    foundPage: z.string().nullable().meta({ description: 'The reporter page the words are on (1006, or 1006-1007 across a page break); for altered, the nearest passage.' }),
    message: z.string().meta({ description: 'What was found, in a lawyer\'s words.' }),
    opinionText: z.string().nullable().meta({ description: 'The opinion\'s words for the passage found.' }),
    diff: z
      .object({ quote: z.array(diffPartSchema), opinion: z.array(diffPartSchema) })
      .nullable()
      .meta({ description: 'altered: the quotation and the opinion\'s passage in runs of words, the changed words marked.' }),
  })
  .meta({
    id: 'Quote',
    example: {
      text: 'a district court shall weigh the credibility of witnesses',
      status: 'altered',
      foundPage: '1321',
      message: 'The opinion\'s words differ (page 1321): it says “may not” where the quotation says “shall”.',
      opinionText: 'A district court may not weigh the credibility of witnesses',
      diff: {
        quote: [{ text: 'a district court', changed: false }, { text: 'shall', changed: true }, { text: 'weigh the credibility of witnesses', changed: false }],
        opinion: [{ text: 'A district court', changed: false }, { text: 'may not', changed: true }, { text: 'weigh the credibility of witnesses', changed: false }],
      },
    },
  });

const quotesField = z.array(apiQuoteSchema).optional().meta({ description: 'Case citations: the quotations attributed to the case, each checked against its opinion (an empty list when there are none).' });

export const apiCheckedCitationSchema = apiCitationSchema.extend({ verdict: apiVerdictSchema, quotes: quotesField }).meta({ id: 'CheckedCitation' });

export const apiSummarySchema = z
  .object({
    total: z.number().int().nonnegative().meta({ description: 'Citations of every kind.' }),
    cases: z.number().int().nonnegative().meta({ description: 'Case citations (the ones verified).' }),
    valid: z.number().int().nonnegative(),
    invalid: z.number().int().nonnegative(),
    unverified: z.number().int().nonnegative(),
    quotes: z.number().int().nonnegative().meta({ description: 'Quotations attributed to cases.' }),
    alteredQuotes: z.number().int().nonnegative().meta({ description: 'Quotations whose words differ from the opinion\'s.' }),
    quotesNotFound: z.number().int().nonnegative().meta({ description: 'Quotations with nothing close in the opinion.' }),
  })
  .meta({ id: 'Summary', example: { total: 3, cases: 2, valid: 1, invalid: 1, unverified: 0, quotes: 1, alteredQuotes: 1, quotesNotFound: 0 } });

export const apiUsageSchema = z
  .object({
    reportsUsed: z.number().int().nonnegative(),
    reportLimit: z.number().int().nonnegative(),
  })
  .meta({ id: 'ReportUsage', description: 'The key owner\'s reports after this call (a check takes one report from the plan\'s limit).' });

// --- POST /api/v1/check ----------------------------------------------------------------------

const SAMPLE_TEXT =
  'The standard is settled. Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009). See also Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019); 28 U.S.C. § 1331.';

export const checkRequestSchema = z
  .object({
    text: z
      .string()
      .min(1)
      .max(API_CHECK_MAX_CHARS)
      .meta({ description: `The text to check (a brief, a draft paragraph), at most ${API_CHECK_MAX_CHARS.toLocaleString('en-US')} characters.` }),
  })
  .strict()
  .meta({ id: 'CheckRequest', example: { text: SAMPLE_TEXT } });

export const checkResponseSchema = z
  .object({
    citations: z.array(apiCheckedCitationSchema),
    summary: apiSummarySchema,
    usage: apiUsageSchema,
  })
  .meta({ id: 'CheckResponse' });

// --- GET /api/v1/citations/verify -------------------------------------------------------------

export const verifyQuerySchema = z
  .object({
    cite: z
      .string()
      .trim()
      .min(1)
      .max(API_CITE_MAX_CHARS)
      .meta({ description: 'One case citation.', example: '556 U.S. 662', param: { description: 'One case citation: volume, reporter, page (and optionally a pin cite and year).' } }),
    name: z
      .string()
      .trim()
      .max(API_CITE_MAX_CHARS)
      .optional()
      .meta({ description: 'The case name as the brief gives it.', example: 'Ashcroft v. Iqbal', param: { description: 'The case name the citation is given with; without it only the address is checked.' } }),
  })
  .strict();

export const verifyResponseSchema = z.object({ citation: apiCheckedCitationSchema }).meta({ id: 'VerifyResponse' });

// --- One quotation against its case (the MCP tool find_quote) ---------------------------------

export const findQuoteRequestSchema = z
  .object({
    citation: z.string().trim().min(1).max(API_CITE_MAX_CHARS).meta({ description: 'The case citation the words are attributed to, with the pin cite: 556 U.S. 662, 678.' }),
    quote: z.string().trim().min(1).max(API_CHECK_MAX_CHARS).meta({ description: 'The quoted words, without the quotation marks.' }),
  })
  .strict();

export const findQuoteResponseSchema = z
  .object({
    citation: apiCheckedCitationSchema.omit({ quotes: true }),
    quote: apiQuoteSchema,
  })
  .meta({ id: 'FindQuoteResponse' });

// --- Extraction (the MCP tool extract_citations) ---------------------------------------------

export const extractRequestSchema = z.object({ text: checkRequestSchema.shape.text }).strict();
export const extractResponseSchema = z
  .object({
    citations: z.array(apiCitationSchema),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'ExtractResponse' });

// --- POST /api/v1/documents, GET /api/v1/documents/{id} ---------------------------------------

export const documentStatuses = ['processing', 'completed', 'failed'] as const;

/** A citation of an uploaded document: where it is in the document, and its verdict. */
export const apiDocumentCitationSchema = z
  .object({
    text: z.string(),
    type: citationTypeSchema,
    caseName: z.string().nullable(),
    documentPage: z.number().int().nullable().meta({ description: 'The page of the document it is on (PDF).' }),
    paragraph: z.number().int().nullable().meta({ description: 'The paragraph it is in, counted from 1.' }),
    verdict: apiVerdictSchema,
    quotes: quotesField,
  })
  .meta({ id: 'DocumentCitation' });

export const documentStatusSchema = z
  .object({
    id: z.string().meta({ description: 'The document id (128 random bits).' }),
    filename: z.string(),
    status: z.enum(documentStatuses),
    stage: z.string().meta({ description: 'Where the document is: received, uploaded, extracted, validated or failed.' }),
    uploadedAt: z.string().meta({ format: 'date-time' }),
    citations: z.array(apiDocumentCitationSchema).nullable().meta({ description: 'Once completed.' }),
    summary: apiSummarySchema.nullable().meta({ description: 'Once completed.' }),
    reportUrl: z.string().nullable().meta({ description: 'The product\'s report page for the document, once completed.' }),
    error: z.object({ code: z.string(), message: z.string() }).nullable().meta({ description: 'Once failed: why.' }),
  })
  .meta({
    id: 'DocumentStatus',
    example: {
      id: 'q1w2e3r4t5y6u7i8o9p0aa',
      filename: 'brief.pdf',
      status: 'processing',
      stage: 'extracted',
      uploadedAt: '2026-05-04T09:30:00.000Z',
      citations: null,
      summary: null,
      reportUrl: null,
      error: null,
    },
  });

/** The form fields of POST /api/v1/documents besides the file. */
export const documentFieldsSchema = z
  .object({
    webhookUrl: z
      .string()
      .max(API_WEBHOOK_URL_MAX_CHARS)
      .url()
      .optional()
      .meta({ description: 'An https (or http) address to POST the finished document to, signed (see the webhook).' }),
  })
  .strict();

export const documentUploadSchema = z
  .object({
    document: z.string().meta({ format: 'binary', description: 'The brief: a .pdf or .docx, at most 10 MB.' }),
    webhookUrl: documentFieldsSchema.shape.webhookUrl,
  })
  .meta({ id: 'DocumentUpload' });

export const documentAcceptedSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    status: z.literal('processing'),
    statusUrl: z.string().meta({ description: 'Poll this (GET) until status is completed or failed.' }),
    webhook: z.boolean().meta({ description: 'Whether a webhook will be delivered.' }),
    usage: apiUsageSchema,
  })
  .meta({ id: 'DocumentAccepted' });

export const webhookEventSchema = z
  .object({
    id: z.string().meta({ description: 'Unique per event: deliveries of one event (retries) carry the same id.' }),
    type: z.enum(['document.completed', 'document.failed']),
    createdAt: z.string().meta({ format: 'date-time' }),
    document: documentStatusSchema,
  })
  .meta({ id: 'WebhookEvent' });

// --- Errors -----------------------------------------------------------------------------------

/** The codes the v1 endpoints answer with (the `error` field); a program branches on these. */
export const apiErrorCodes = {
  invalid_request: 'The request does not match the schema (issues says where).',
  invalid_api_key: 'No API key, or not one CiteCheck issued.',
  api_key_revoked: 'The API key was revoked.',
  rate_limited: 'Too many calls with this key in the current minute (retryAfterSeconds).',
  limit_reached: "The owner's plan has no reports left this period.",
  payment_required: "The owner's subscription payment failed.",
  not_found: 'No such document for this key\'s owner, or no such endpoint.',
  no_citation: 'No case citation could be read from cite.',
  'file-invalid-type': 'The file is not a PDF or .docx.',
  'file-too-large': 'The file is larger than 10 MB.',
  'file-too-small': 'The file is empty.',
  'no-file': 'No file in the document field.',
  webhook_refused: 'The webhook address is not allowed (not http(s), or a private or loopback address).',
  too_many_citations: 'More citations than one call may check.',
  payload_too_large: 'The body is larger than the server accepts.',
  service_unavailable: 'A part of CiteCheck is not answering; try again later.',
  internal: 'An unexpected error; the request id is in X-Request-Id.',
} as const;

export const apiErrorSchema = z
  .object({
    error: z.string().meta({ description: `A stable code: ${Object.keys(apiErrorCodes).join(', ')}.` }),
    message: z.string().meta({ description: 'What went wrong, for a person.' }),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional().meta({ description: 'invalid_request: each field that is wrong.' }),
    limitReached: z.literal(true).optional(),
    reportsUsed: z.number().int().optional(),
    reportLimit: z.number().int().optional(),
    userType: z.enum(['free', 'premium', 'enterprise']).optional(),
    retryAfterSeconds: z.number().int().optional().meta({ description: 'rate_limited: seconds until the key may call again (also in Retry-After).' }),
  })
  .meta({ id: 'Error', example: { error: 'invalid_api_key', message: 'Invalid API key: send a CiteCheck API key as "Authorization: Bearer cck_..."' } });

// --- Converting the product's shapes to the API's ---------------------------------------------

/** The parts of a verdict the API shows; the verdict's wording is whoever judged it's. */
function statusOf(type: string, isValid: boolean | null): (typeof verdictStatuses)[number] {
  if (type !== 'case') return 'not_checked';
  return isValid === true ? 'valid' : isValid === false ? 'invalid' : 'unverified';
}

/** A verdict (caselaw's verify(), or the lawyer's wording of it) in the API's shape. */
export function toApiVerdict(type: string, verdict: Pick<Verdict, 'isValid' | 'confidence' | 'validationDetails' | 'courtListenerData' | 'checkedAgainst'>): ApiVerdict {
  const details = verdict.validationDetails;
  const data = verdict.courtListenerData;
  return {
    status: statusOf(type, verdict.isValid),
    isValid: verdict.isValid,
    confidence: Math.round(verdict.confidence),
    message: typeof details === 'string' ? details : details.message,
    suggestion: typeof details === 'string' ? null : (details.suggestion ?? null),
    checkedAgainst: verdict.checkedAgainst ?? null,
    matchedCase: data ? { name: data.caseName, court: data.court, year: data.year, url: data.absolute_url } : null,
  };
}

/** The engine's citation (or extraction's event copy of it) in the API's shape. */
export function toApiCitation(c: Omit<ExtractedCitation, 'id' | 'parallels' | 'context' | 'documentPage' | 'paragraph' | 'plaintiff' | 'defendant' | 'parenthetical'> & { id?: string }): ApiCitation {
  return {
    text: c.text,
    type: c.type,
    form: c.form,
    normalized: c.normalized,
    volume: c.volume,
    reporter: c.reporter,
    page: c.page,
    pinCite: c.pinCite,
    caseName: c.caseName,
    year: c.year,
    court: c.court,
    start: c.start,
    end: c.end,
    antecedent: c.antecedent,
  };
}

/** A stored citation of a document (ingest's read copy, SPEC's Citation) in the API's shape. */
export function toApiDocumentCitation(c: SpecCitation): ApiDocumentCitation {
  return { text: c.text, type: c.type, caseName: c.caseName, documentPage: c.page, paragraph: c.paragraph, verdict: toApiVerdict(c.type, c), ...(c.quotes ? { quotes: c.quotes.map(toApiQuote) } : {}) };
}

/** A checked quotation in the API's shape: `{ text, status, foundPage, message }`, the opinion's words and the change. */
export function toApiQuote(q: QuoteCheckResult): ApiQuote {
  return { text: q.text, status: q.status, foundPage: q.foundPage, message: q.message, opinionText: q.opinionText ?? null, diff: q.diff ?? null };
}

/** Totals over verdicts in the API's shape. */
export function summarize(citations: ReadonlyArray<{ type: string; verdict: Pick<ApiVerdict, 'status'>; quotes?: ReadonlyArray<Pick<ApiQuote, 'status'>> }>): ApiSummary {
  const cases = citations.filter((c) => c.type === 'case');
  const quotes = cases.flatMap((c) => c.quotes ?? []);
  return {
    total: citations.length,
    cases: cases.length,
    valid: cases.filter((c) => c.verdict.status === 'valid').length,
    invalid: cases.filter((c) => c.verdict.status === 'invalid').length,
    unverified: cases.filter((c) => c.verdict.status === 'unverified').length,
    quotes: quotes.length,
    alteredQuotes: quotes.filter((q) => q.status === 'altered').length,
    quotesNotFound: quotes.filter((q) => q.status === 'not-found').length,
  };
}

export type ApiVerdict = z.infer<typeof apiVerdictSchema>;
export type ApiCitation = z.infer<typeof apiCitationSchema>;
export type ApiQuote = z.infer<typeof apiQuoteSchema>;
export type ApiCheckedCitation = z.infer<typeof apiCheckedCitationSchema>;
export type ApiDocumentCitation = z.infer<typeof apiDocumentCitationSchema>;
export type ApiSummary = z.infer<typeof apiSummarySchema>;
export type ApiUsage = z.infer<typeof apiUsageSchema>;
export type CheckRequest = z.infer<typeof checkRequestSchema>;
export type CheckResponse = z.infer<typeof checkResponseSchema>;
export type VerifyQuery = z.infer<typeof verifyQuerySchema>;
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
export type ExtractResponse = z.infer<typeof extractResponseSchema>;
export type FindQuoteResponse = z.infer<typeof findQuoteResponseSchema>;
export type DocumentStatus = z.infer<typeof documentStatusSchema>;
export type DocumentAccepted = z.infer<typeof documentAcceptedSchema>;
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A zod failure as the API's invalid_request body. */
export function invalidRequestBody(error: z.ZodError): ApiErrorBody {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.') || '(body)', message: issue.message }));
  return { error: 'invalid_request', message: `Invalid request: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues };
}

// --- Refusals of a key ------------------------------------------------------------------------

/** Why identity refused a key (IdentityApi.useApiKey), as the error every v1 endpoint answers. */
export function apiKeyRefusal(reason: 'invalid' | 'revoked' | 'rate_limited', retryAfterSeconds = 60): ApiError {
  switch (reason) {
    case 'revoked':
      return new ApiError(401, 'This API key has been revoked. Create a new one on your dashboard.', 'api_key_revoked');
    case 'rate_limited':
      return new ApiError(429, 'Too many requests with this API key. Please wait a minute and try again.', 'rate_limited', { retryAfterSeconds });
    default:
      return new ApiError(401, 'Invalid API key: send a CiteCheck API key as "Authorization: Bearer cck_..."', 'invalid_api_key');
  }
}

/**
 * The OpenAPI 3.1 description of `/api/v1`, generated from the zod schemas in api-v1.ts that
 * the services validate requests and shape answers with (`@asteasolutions/zod-to-openapi`,
 * reading zod 4's `.meta()`). Served at `GET /api/v1/openapi.json`.
 *
 *   const document = apiV1OpenApiDocument({ serverUrl: 'https://citecheck.example' });
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  API_CHECK_MAX_CHARS,
  WEBHOOK_SIGNATURE_HEADER,
  apiErrorSchema,
  checkRequestSchema,
  checkResponseSchema,
  documentAcceptedSchema,
  documentStatusSchema,
  documentUploadSchema,
  verifyQuerySchema,
  verifyResponseSchema,
  webhookEventSchema,
} from './api-v1';

export const OPENAPI_PATH = '/api/v1/openapi.json';
export const API_V1_VERSION = '1.0.0';

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

/** The error answers every authenticated endpoint may give. */
const keyErrors = {
  400: json(apiErrorSchema, 'invalid_request: the request does not match the schema.'),
  401: json(apiErrorSchema, 'invalid_api_key or api_key_revoked.'),
  429: {
    ...json(apiErrorSchema, 'rate_limited: too many calls with this key this minute.'),
    headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' as const } } },
  },
};

function registry(): OpenAPIRegistry {
  const r = new OpenAPIRegistry();
  r.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'cck_<id>_<secret>',
    description: 'An API key from your CiteCheck dashboard, as `Authorization: Bearer cck_...`. A key acts as its owner, within the owner\'s plan and report limits.',
  });
  const security = [{ apiKey: [] }];

  r.registerPath({
    method: 'post',
    path: '/api/v1/check',
    operationId: 'checkText',
    summary: 'Check the citations in a text',
    description: `Finds every citation in the text (at most ${API_CHECK_MAX_CHARS.toLocaleString('en-US')} characters) and answers each case citation's verdict at once. Takes one report from the key owner's plan.`,
    security,
    request: { body: { required: true, content: { 'application/json': { schema: checkRequestSchema } } } },
    responses: {
      200: json(checkResponseSchema, 'The citations, each with its verdict, and totals.'),
      ...keyErrors,
      402: json(apiErrorSchema, "payment_required: the owner's last subscription payment failed."),
      403: json(apiErrorSchema, "limit_reached: the owner's plan has no reports left this period (limitReached, reportsUsed, reportLimit, userType)."),
      413: json(apiErrorSchema, 'payload_too_large: the body is over the server\'s limit.'),
      422: json(apiErrorSchema, 'too_many_citations: more citations than one call may check.'),
    },
  });

  r.registerPath({
    method: 'get',
    path: '/api/v1/citations/verify',
    operationId: 'verifyCitation',
    summary: 'Verify one citation',
    description: 'Verifies one case citation, with the case name when one is given. Takes no report.',
    security,
    request: { query: verifyQuerySchema },
    responses: {
      200: json(verifyResponseSchema, 'The citation as read, with its verdict.'),
      ...keyErrors,
      422: json(apiErrorSchema, 'no_citation: no case citation could be read from cite.'),
    },
  });

  r.registerPath({
    method: 'post',
    path: '/api/v1/documents',
    operationId: 'submitDocument',
    summary: 'Submit a brief (.pdf or .docx) for checking',
    description:
      'Accepts the file and answers at once with the document id; the check runs in the background. Follow it by polling `GET /api/v1/documents/{id}`, ' +
      'or give a webhookUrl and receive the finished document there (see the webhook `documentFinished`). Takes one report from the key owner\'s plan.',
    security,
    request: { body: { required: true, content: { 'multipart/form-data': { schema: documentUploadSchema } } } },
    responses: {
      202: json(documentAcceptedSchema, 'Accepted: the document is being checked.'),
      ...keyErrors,
      402: json(apiErrorSchema, 'payment_required.'),
      403: json(apiErrorSchema, 'limit_reached.'),
      413: json(apiErrorSchema, 'file-too-large: over 10 MB.'),
      415: json(apiErrorSchema, 'file-invalid-type: not a PDF or .docx.'),
    },
  });

  r.registerPath({
    method: 'get',
    path: '/api/v1/documents/{id}',
    operationId: 'getDocument',
    summary: 'A submitted document: its progress, then its verdicts',
    security,
    request: { params: z.object({ id: z.string().meta({ param: { description: 'The id POST /api/v1/documents answered.' }, example: 'q1w2e3r4t5y6u7i8o9p0aa' }) }) },
    responses: {
      200: json(documentStatusSchema, 'The document: processing, completed (with citations and summary) or failed (with error).'),
      401: keyErrors[401],
      429: keyErrors[429],
      404: json(apiErrorSchema, 'not_found: no such document submitted by this key\'s owner.'),
    },
  });

  r.registerPath({
    method: 'get',
    path: OPENAPI_PATH,
    operationId: 'openApiDocument',
    summary: 'This description',
    responses: { 200: { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: z.object({ openapi: z.string() }).loose() } } } },
  });

  r.registerWebhook({
    method: 'post',
    path: 'documentFinished',
    operationId: 'documentFinished',
    summary: 'A submitted document finished (completed or failed)',
    description:
      `POSTed to the webhookUrl given with the document, once it is completed or failed; retried with backoff until it is answered 2xx. Signed: the header \`${WEBHOOK_SIGNATURE_HEADER}\` reads ` +
      '`t=<unix seconds>,v1=<hex>`, where hex is HMAC-SHA256 over `"<t>.<raw body>"` keyed with the signing key, and the signing key is ' +
      'the hex HMAC-SHA256 of the text `citecheck-webhook-v1` keyed with your API key. Compare in constant time and refuse a t more than five minutes away.',
    request: {
      headers: z.object({ [WEBHOOK_SIGNATURE_HEADER]: z.string().meta({ example: 't=1777887000,v1=5f2b...' }) }),
      body: { required: true, content: { 'application/json': { schema: webhookEventSchema } } },
    },
    responses: { 200: { description: 'Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried.' } },
  });
  return r;
}

/** The OpenAPI 3.1 document of `/api/v1`. */
export function apiV1OpenApiDocument(options: { serverUrl?: string } = {}) {
  const document = new OpenApiGeneratorV31(registry().definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'CiteCheck API',
      version: API_V1_VERSION,
      description:
        'Check the citations in legal briefs and drafts: find every citation and get, for each case citation, whether the case is real and is the case the text says it is, with the evidence and what to do. ' +
        'Errors share one shape: `{ "error": "<code>", "message": "..." }`.',
    },
    servers: [{ url: options.serverUrl ?? '/' }],
  });
  return document;
}

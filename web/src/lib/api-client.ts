import { sessionToken } from './storage';

/**
 * The one REST client. It implements SPEC section 8 "Generic request failure" and the
 * section 7 conventions (JSON bodies, cookies included, bearer token when present).
 */

export interface LimitDetails {
  reportsUsed: number;
  reportLimit: number;
  userType: string;
}

/** A non-OK answer. `message` is the user-facing text SPEC section 8 prescribes. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The parsed JSON body, or undefined when the body was not JSON. */
  readonly body: unknown;
  readonly limitReached: boolean;
  readonly limit?: LimitDetails;

  constructor(init: { message: string; status: number; statusText: string; body: unknown; limit?: LimitDetails }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = init.statusText;
    this.body = init.body;
    this.limitReached = Boolean(init.limit);
    this.limit = init.limit;
  }

  /** The server's own wording (`message`, else `error`), without the status prefix. */
  get serverMessage(): string | undefined {
    const body = asRecord(this.body);
    const text = body?.message ?? body?.error;
    return typeof text === 'string' && text ? text : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/**
 * Turns a failed response's status and raw body into the error SPEC section 8 describes.
 * Pure, so the rules are unit-tested without a network.
 */
export function errorFromResponse(status: number, statusText: string, rawBody: string): ApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return new ApiError({ message: `${status}: ${rawBody || statusText}`, status, statusText, body: undefined });
  }
  const body = asRecord(parsed);
  if (body?.limitReached === true) {
    return new ApiError({
      message: typeof body.message === 'string' && body.message ? body.message : 'Report limit reached',
      status,
      statusText,
      body: parsed,
      // Defaults are those the upgrade dialog shows when the server leaves a field out.
      limit: {
        reportsUsed: numberOr(body.reportsUsed, 0),
        reportLimit: numberOr(body.reportLimit, 5),
        userType: typeof body.userType === 'string' ? body.userType : 'free',
      },
    });
  }
  const text = body?.message || body?.error || 'Unknown error';
  return new ApiError({ message: `${status}: ${String(text)}`, status, statusText, body: parsed });
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  /** false: send neither the bearer token nor cookies (the public report fetch). */
  auth?: boolean;
  /** A 401 answers null instead of throwing (SPEC section 7 lets callers choose). */
  nullOn401?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

let baseUrl = '';

/** Set once at start-up from the environment; empty means same origin. */
export function setApiBaseUrl(url: string) {
  baseUrl = url.replace(/\/$/, '');
}

/** The same origin for GraphQL (lib/apollo) as for REST. */
export function apiBaseUrl(): string {
  return baseUrl;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, auth = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser writes the multipart boundary itself
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const token = auth ? sessionToken.get() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: payload,
    credentials: auth ? 'include' : 'omit',
    signal,
  });

  if (response.status === 401 && options.nullOn401) return null as T;
  const raw = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, raw);
  if (!raw) return undefined as T;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return raw as T;
  }
}

/** Shorthands that read like the SPEC's call tables. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'DELETE' }),
};

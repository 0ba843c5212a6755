import { afterEach, describe, expect, it } from '@jest/globals';
import { fakeFetch, memoryStorage } from '@/testing/responses';
import { ApiError, errorFromResponse, request } from './api-client';

describe('errorFromResponse (SPEC section 8 "Generic request failure")', () => {
  it('uses the message, then the error field, then "Unknown error"', () => {
    expect(errorFromResponse(400, 'Bad Request', '{"message":"Bad file"}').message).toBe('400: Bad file');
    expect(errorFromResponse(500, 'Server Error', '{"error":"Boom"}').message).toBe('500: Boom');
    expect(errorFromResponse(409, 'Conflict', '{"message":"","error":"Taken"}').message).toBe('409: Taken');
    expect(errorFromResponse(418, 'Teapot', '{}').message).toBe('418: Unknown error');
  });

  it('uses the raw body, else the status text, when the body is not JSON', () => {
    expect(errorFromResponse(502, 'Bad Gateway', '<html>upstream down</html>').message).toBe('502: <html>upstream down</html>');
    expect(errorFromResponse(503, 'Service Unavailable', '').message).toBe('503: Service Unavailable');
  });

  it('flags a reached limit with its figures and the default message', () => {
    const error = errorFromResponse(403, 'Forbidden', JSON.stringify({ limitReached: true, reportsUsed: 5, reportLimit: 5, userType: 'free' }));
    expect(error.message).toBe('Report limit reached');
    expect(error.limitReached).toBe(true);
    expect(error.limit).toEqual({ reportsUsed: 5, reportLimit: 5, userType: 'free' });
  });

  it('keeps the server message of a reached limit and defaults missing figures', () => {
    const error = errorFromResponse(403, 'Forbidden', JSON.stringify({ limitReached: true, message: 'You have used all your reports' }));
    expect(error.message).toBe('You have used all your reports');
    expect(error.limit).toEqual({ reportsUsed: 0, reportLimit: 5, userType: 'free' });
  });

  it('exposes the server wording without the status prefix', () => {
    expect(errorFromResponse(400, '', '{"error":"Only PDF and DOCX"}').serverMessage).toBe('Only PDF and DOCX');
    expect(errorFromResponse(400, '', 'plain').serverMessage).toBeUndefined();
  });
});

describe('request', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    delete (globalThis as { localStorage?: Storage }).localStorage;
  });

  it('sends JSON with cookies and the stored bearer token', async () => {
    const storage = memoryStorage();
    storage.setItem('sessionToken', 'tok-123');
    (globalThis as { localStorage?: Storage }).localStorage = storage;
    const fake = fakeFetch(200, '{"ok":true}');
    globalThis.fetch = fake.fn;

    await expect(request('/api/support-inquiry', { method: 'POST', body: { name: 'A' } })).resolves.toEqual({ ok: true });
    const { init } = fake.calls[0];
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"name":"A"}');
  });

  it('sends neither token nor cookies when auth is off (the public report fetch)', async () => {
    const storage = memoryStorage();
    storage.setItem('sessionToken', 'tok-123');
    (globalThis as { localStorage?: Storage }).localStorage = storage;
    const fake = fakeFetch(200, '{}');
    globalThis.fetch = fake.fn;
    await request('/api/reports/r1', { auth: false });
    expect(fake.calls[0].init.credentials).toBe('omit');
    expect((fake.calls[0].init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('throws ApiError on a non-OK answer and can read a 401 as null', async () => {
    globalThis.fetch = fakeFetch(404, '{"error":"Report not found"}', 'Not Found').fn;
    const error = await request('/api/reports/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: Report not found');
    expect((error as ApiError).status).toBe(404);

    globalThis.fetch = fakeFetch(401, '{"error":"no"}').fn;
    await expect(request('/api/auth/status', { nullOn401: true })).resolves.toBeNull();
  });
});

/**
 * Helpers for the pipeline system tests: a free port, a verified user made through the real
 * identity routes and the dev outbox, a WebSocket progress listener, and the upload call.
 */
import { createServer } from 'node:net';
import WebSocket from 'ws';

/** Node arguments that run the embedded server from source in a child process, as the image does. */
export function serverArgs(): string[] {
  return ['--import', 'tsx', 'gateway/src/embedded.ts'];
}

/**
 * Ports the tests hand to child processes, chosen below the kernel's ephemeral range
 * (32768-60999 on Linux). A port found with `listen(0)` comes from that range and is free
 * only until it is closed: before the child binds it, any outgoing connection on the machine
 * (a fetch, a subprocess's client) may be given the same number, and the child then dies with
 * EADDRINUSE. Below the range only another listener can take it.
 */
const TEST_PORTS = { from: 20_000, to: 32_000 };
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = TEST_PORTS.from + Math.floor(Math.random() * (TEST_PORTS.to - TEST_PORTS.from));
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${TEST_PORTS.from} and ${TEST_PORTS.to}`);
}

/** True when `port` can be bound on every interface, IPv6 and IPv4 alike (as the services bind it). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '::' }, () => server.close(() => resolve(true)));
  });
}

/** Polls `probe` until it gives a value (a throw counts as not yet); fails naming `what`. */
export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Registers `email`, follows the verification link from the dev outbox; returns the session token. */
export async function verifiedUser(url: string, email: string, name = 'Test Lawyer'): Promise<string> {
  const registered = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, newsletterOptIn: false }),
  });
  if (!registered.ok) throw new Error(`register ${email}: ${registered.status} ${await registered.text()}`);
  const token = await until(`verification mail to ${email}`, async () => {
    const outbox = (await (await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { text: string; links?: string[] }[];
    for (const mail of outbox) {
      const link = [...(mail.links ?? []), mail.text].join(' ').match(/verify-email\?token=([A-Za-z0-9_-]+)/);
      if (link) return link[1];
    }
    return null;
  });
  const verified = await fetch(`${url}/api/verify-email?token=${token}`);
  if (!verified.ok) throw new Error(`verify ${email}: ${verified.status} ${await verified.text()}`);
  return ((await verified.json()) as { sessionToken: string }).sessionToken;
}

export interface ProgressMessage {
  sessionId: string;
  step: string;
  message: string;
  progress: number;
  citationCount?: number;
  validationProgress?: { completed: number; total: number; validCount: number; invalidCount: number; currentCitation?: string };
  processingStats?: { llmCalls: number; courtListenerCalls: number; llmTokensUsed: number; processingTimeMs: number; ocrUsed: boolean };
}

/** A browser tab's live channel: registers `sessionId` and records every message. */
export async function listen(url: string, sessionId: string): Promise<{ messages: ProgressMessage[]; done: Promise<ProgressMessage>; close(): void }> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
  const messages: ProgressMessage[] = [];
  let finish!: (m: ProgressMessage) => void;
  const done = new Promise<ProgressMessage>((resolve) => (finish = resolve));
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as ProgressMessage;
    if (!('step' in message)) return;
    messages.push(message);
    if (message.step === 'complete' || message.step === 'error') finish(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'register', sessionId }));
  // The relay registers on receipt; a short pause makes sure it did before the upload starts.
  await new Promise((r) => setTimeout(r, 100));
  return { messages, done, close: () => socket.close() };
}

export interface UploadResult {
  status: number;
  body: Record<string, unknown> & {
    document?: { id: string; filename: string };
    citations?: { id: string; text: string; type: string; isValid: boolean | null; page: number | null; paragraph: number | null; confidence: number; caseName: string | null; originalContext: string; checkedAgainst: string | null }[];
  };
}

export async function upload(url: string, token: string | null, file: Buffer, filename: string, sessionId: string, type = 'application/pdf'): Promise<UploadResult> {
  const form = new FormData();
  form.append('document', new Blob([new Uint8Array(file)], { type }), filename);
  form.append('sessionId', sessionId);
  const response = await fetch(`${url}/api/documents/upload`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as UploadResult['body'] };
}

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** SPEC's step order; a stage may skip steps (no OCR, no model pass) but never go back. */
export const STEP_ORDER = ['start', 'upload', 'extraction', 'OCR', 'processing', 'comprehensive-extraction', 'citations', 'validation', 'retry-validation', 'consolidation', 'report', 'stats', 'complete'];

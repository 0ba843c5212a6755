/**
 * The relay over its real ports (embedded bus, SQLite store) and a real WebSocket: a tab that
 * reconnects is sent what it missed of its document from the progress log, by whichever
 * instance it reaches; a finished document only its last message; and a new instance does not
 * read the topic from its start.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { buildService, createEmbeddedBus, loadConfig, type Bus, type Service } from '@citecheck/platform';
import { localPorts } from '@citecheck/platform/testing';
import { createEvent, topics, type PipelineProgress } from '@citecheck/proto';
import { configSchema } from './config';
import { service } from './service';

let dataDir: string;
let bus: Bus;
const cleanups: (() => Promise<void> | void)[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-progress-'));
  bus = createEmbeddedBus({ dir: dataDir, pollMs: 20 });
});
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  await bus.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One progress instance over the shared bus and store file, served on a port of its own. */
async function instance(): Promise<{ module: Service<undefined>; url: string }> {
  const ports = localPorts('progress', { dataDir, bus, store: 'file' });
  const module = await buildService(service, ports, loadConfig(configSchema, { DATA_DIR: dataDir }), undefined);
  await module.start();
  const server: Server = createServer();
  server.on('upgrade', (request, socket, head) => module.websocket!.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await module.stop();
    await new Promise((resolve) => server.close(resolve));
    await ports.store.close();
  };
  cleanups.push(stop);
  return { module: Object.assign(module, { stop }), url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws` };
}

async function tab(url: string, sessionId: string): Promise<{ messages: PipelineProgress[]; close(): void }> {
  const socket = new WebSocket(url);
  const messages: PipelineProgress[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as PipelineProgress));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'register', sessionId }));
  cleanups.push(() => socket.close());
  return { messages, close: () => socket.close() };
}

async function progress(documentId: string, sessionId: string, step: PipelineProgress['step'], value: number): Promise<void> {
  await bus.publish(topics['pipeline.progress'], documentId, createEvent(topics['pipeline.progress'], { sessionId, step, message: `${step} ${value}`, progress: value }, documentId));
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const steps = (messages: PipelineProgress[]) => messages.map((m) => `${m.step} ${m.progress}`);

test('a tab that reconnects, to another instance, is sent what it missed of its document, in order, then the live messages', async () => {
  const first = await instance();
  const watching = await tab(first.url, 's1');
  await progress('doc-1', 's1', 'upload', 5);
  await progress('doc-1', 's1', 'extraction', 20);
  await until(() => watching.messages.length === 2, 'the live messages');
  watching.close();
  // Meanwhile: disconnected. The progress goes on; the first instance goes away.
  await progress('doc-1', 's1', 'citations', 40);
  await progress('doc-2', 'other-session', 'upload', 5);
  await new Promise((r) => setTimeout(r, 300));
  await first.module.stop();

  const second = await instance();
  const back = await tab(second.url, 's1');
  await until(() => back.messages.length === 3, 'the replay');
  expect(steps(back.messages)).toEqual(['upload 5', 'extraction 20', 'citations 40']);
  await progress('doc-1', 's1', 'validation', 70);
  await until(() => back.messages.length === 4, 'the next live message');
  expect(steps(back.messages).at(-1)).toBe('validation 70');
});

test('a finished document is replayed as its last message only', async () => {
  const relay = await instance();
  for (const [step, value] of [['upload', 5], ['validation', 70], ['complete', 100]] as const) await progress('doc-3', 's3', step, value);
  const watcher = await tab(relay.url, 'unrelated');
  await progress('doc-x', 'unrelated', 'upload', 1);
  await until(() => watcher.messages.length === 1, 'the relay to catch up');
  const late = await tab(relay.url, 's3');
  await until(() => late.messages.length === 1, 'the replay');
  await new Promise((r) => setTimeout(r, 200));
  expect(steps(late.messages)).toEqual(['complete 100']);
});

test('a new instance does not read the topic from its start', async () => {
  // Published before any progress instance ever ran: in the bus, not in the log.
  await progress('doc-4', 's4', 'upload', 5);
  await progress('doc-4', 's4', 'extraction', 20);
  const relay = await instance();
  await new Promise((r) => setTimeout(r, 300)); // time enough to have read them, had it started there
  const watcher = await tab(relay.url, 's4');
  await progress('doc-4', 's4', 'citations', 40);
  await until(() => watcher.messages.length >= 1, 'the live message');
  await new Promise((r) => setTimeout(r, 200));
  expect(steps(watcher.messages)).toEqual(['citations 40']);
});

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { PipelineProgress } from '@citecheck/proto';
import { LatestProgress } from '../domain/latest-progress';

/** SPEC.md section 4: on open the browser sends `{type: 'register', sessionId}`. */
const registerSchema = z.object({ type: z.literal('register'), sessionId: z.string().min(1).max(200) });

const HEARTBEAT_MS = 30_000;

/**
 * Relays pipeline progress to the browser tabs registered for a session. Several tabs may
 * share a session; each receives every message of that session and nothing else.
 */
export class ProgressRelay {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  private readonly socketsBySession = new Map<string, Set<WebSocket>>();
  private readonly latest = new LatestProgress();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly logger: Logger) {
    this.wss.on('connection', (socket) => this.onConnection(socket));
    // Browsers that vanish without a close frame are found by a missed pong and dropped.
    this.heartbeat = setInterval(() => {
      for (const socket of this.wss.clients) {
        if (!this.alive.has(socket)) {
          socket.terminate();
          continue;
        }
        this.alive.delete(socket);
        socket.ping();
      }
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
  }

  /** Sends one progress message to every tab of its session and remembers it for late joiners. */
  publish(message: PipelineProgress): void {
    this.latest.record(message, Date.now());
    const sockets = this.socketsBySession.get(message.sessionId);
    if (!sockets) return;
    const data = JSON.stringify(message);
    for (const socket of sockets) {
      if (socket.readyState === socket.OPEN) socket.send(data);
    }
  }

  get connections(): number {
    return this.wss.clients.size;
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const socket of this.wss.clients) socket.close(1001, 'server shutting down');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private onConnection(socket: WebSocket): void {
    this.alive.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    let registered: string | null = null;
    socket.on('message', (data) => {
      const parsed = registerSchema.safeParse(safeJson(data.toString()));
      if (!parsed.success) {
        socket.send(JSON.stringify({ type: 'error', message: 'Expected {"type":"register","sessionId":"..."}' }));
        return;
      }
      if (registered) this.socketsBySession.get(registered)?.delete(socket);
      registered = parsed.data.sessionId;
      const sockets = this.socketsBySession.get(registered) ?? new Set<WebSocket>();
      sockets.add(socket);
      this.socketsBySession.set(registered, sockets);
      const last = this.latest.latest(registered, Date.now());
      if (last) socket.send(JSON.stringify(last));
    });
    socket.on('close', () => {
      if (!registered) return;
      const sockets = this.socketsBySession.get(registered);
      sockets?.delete(socket);
      if (sockets && sockets.size === 0) this.socketsBySession.delete(registered);
    });
    socket.on('error', (error) => this.logger.debug({ err: error }, 'websocket error'));
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

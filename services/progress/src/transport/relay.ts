import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { PipelineProgress } from '@citecheck/proto';

/** SPEC.md section 4: on open the browser sends `{type: 'register', sessionId}`. */
const registerSchema = z.object({ type: z.literal('register'), sessionId: z.string().min(1).max(200) });

const HEARTBEAT_MS = 30_000;

/**
 * Relays pipeline progress to the browser tabs registered for a session. Several tabs may
 * share a session; each receives every message of that session and nothing else. A tab that
 * registers (late, or again after a reconnect) is first sent what `missed` finds for its
 * session in the progress log.
 */
export class ProgressRelay {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  private readonly socketsBySession = new Map<string, Set<WebSocket>>();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly logger: Logger,
    private readonly missed: (sessionId: string) => Promise<PipelineProgress[]> = async () => [],
  ) {
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

  /** Sends one progress message to every tab of its session. */
  publish(message: PipelineProgress): void {
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
      const sessionId = registered;
      this.missed(sessionId).then(
        (messages) => {
          // Registered elsewhere meanwhile, or gone: the replay is not for it any more.
          if (registered !== sessionId || socket.readyState !== socket.OPEN) return;
          for (const message of messages) socket.send(JSON.stringify(message));
        },
        (error: unknown) => this.logger.warn({ err: error }, 'could not replay missed progress'),
      );
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

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
 * The relay's bounds (issue 28, finding 9: it never forgot a session id a socket had
 * registered and left behind, 155-184 MB over three rounds of 200,000 registrations, and a
 * burst of 100,000 messages on one socket, each a parse and a log read, stalled the server
 * 7-14 s). A tab sends one register message when it connects (SPEC section 4), and again only
 * after reconnecting, on a new socket.
 */
export const RELAY_LIMITS = {
  /** Sockets open at once; more are refused at the upgrade (503). */
  maxConnections: 5_000,
  /** Messages one socket may send in `messageWindowMs`; past them it is closed (1008). */
  messagesPerWindow: 10,
  messageWindowMs: 10_000,
  /** Bytes waiting to reach one slow browser; past them it is dropped rather than buffered. */
  maxBufferedBytes: 1_000_000,
};

/**
 * Relays pipeline progress to the browser tabs registered for a session. Several tabs may
 * share a session; each receives every message of that session and nothing else. A tab that
 * registers (late, or again after a reconnect) is first sent what `missed` finds for its
 * session in the progress log. A socket holds one session at a time, and a session is
 * forgotten with its last socket, so memory follows the open sockets, which are bounded.
 */
export class ProgressRelay {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  private readonly socketsBySession = new Map<string, Set<WebSocket>>();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly logger: Logger,
    private readonly missed: (sessionId: string) => Promise<PipelineProgress[]> = async () => [],
    private readonly limits: typeof RELAY_LIMITS = RELAY_LIMITS,
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
    if (this.wss.clients.size >= this.limits.maxConnections) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
  }

  /** Session ids with a socket registered (for tests and figures: it follows the open sockets). */
  get sessions(): number {
    return this.socketsBySession.size;
  }

  /** Sends one progress message to every tab of its session. */
  publish(message: PipelineProgress): void {
    const sockets = this.socketsBySession.get(message.sessionId);
    if (!sockets) return;
    const data = JSON.stringify(message);
    for (const socket of sockets) this.send(socket, data);
  }

  /** Sends to an open socket; a browser that does not read what it is sent is dropped, not buffered for. */
  private send(socket: WebSocket, data: string): void {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.limits.maxBufferedBytes) {
      socket.terminate();
      return;
    }
    socket.send(data);
  }

  /** Takes `socket` out of its session's set, and the session out of the map with its last socket. */
  private unregister(socket: WebSocket, sessionId: string): void {
    const sockets = this.socketsBySession.get(sessionId);
    if (!sockets) return;
    sockets.delete(socket);
    if (sockets.size === 0) this.socketsBySession.delete(sessionId);
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
    let windowStart = Date.now();
    let inWindow = 0;
    let closing = false;
    socket.on('message', (data) => {
      if (closing) return;
      // A tab sends one message per connection; a socket that floods is cut off before its
      // messages cost a parse and a log read each.
      const now = Date.now();
      if (now - windowStart > this.limits.messageWindowMs) {
        windowStart = now;
        inWindow = 0;
      }
      if (++inWindow > this.limits.messagesPerWindow) {
        closing = true;
        socket.close(1008, 'too many messages');
        // A flood keeps coming while the close handshake waits: stop reading it.
        setTimeout(() => socket.terminate(), 1000).unref();
        return;
      }
      const parsed = registerSchema.safeParse(safeJson(data.toString()));
      if (!parsed.success) {
        this.send(socket, JSON.stringify({ type: 'error', message: 'Expected {"type":"register","sessionId":"..."}' }));
        return;
      }
      const sessionId = parsed.data.sessionId;
      if (registered === sessionId) return; // already registered: nothing new to replay
      if (registered) this.unregister(socket, registered);
      registered = sessionId;
      const sockets = this.socketsBySession.get(sessionId) ?? new Set<WebSocket>();
      sockets.add(socket);
      this.socketsBySession.set(sessionId, sockets);
      this.missed(sessionId).then(
        (messages) => {
          // Registered elsewhere meanwhile, or gone: the replay is not for it any more.
          if (registered !== sessionId || socket.readyState !== socket.OPEN) return;
          for (const message of messages) this.send(socket, JSON.stringify(message));
        },
        (error: unknown) => this.logger.warn({ err: error }, 'could not replay missed progress'),
      );
    });
    socket.on('close', () => {
      if (registered) this.unregister(socket, registered);
      registered = null;
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

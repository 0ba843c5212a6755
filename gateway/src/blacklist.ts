/**
 * The IP blacklist at the edge. Analytics owns the list; every gateway instance keeps a copy
 * in memory, loaded in full at start and then kept by the `ip.blocked` / `ip.unblocked`
 * events (a consumer group per instance, so each instance hears every change), and refuses
 * every request from a blocked client address (`ctx.ip`, resolved with the trusted-proxy
 * rule) with 403.
 *
 * The admin's own paths stay open, so the admin cannot lock themself out: `/api/admin/*`,
 * the admin reads under `/api/metrics`, the `/metrics` screen with the built client's static
 * assets, and GraphQL operations that name admin fields only.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { hostAllowed, resolveClientIp, type Bus, type Subscription } from '@citecheck/platform';
import { parseEvent, topics } from '@citecheck/proto';
import { MAX_TOKENS } from './operation-limits';

export const BLOCKED_BODY = {
  message: 'Access from your IP address has been blocked. If you think this is a mistake, contact the site administrator.',
  error: 'ip_blocked',
} as const;

/** Root fields of the admin's own GraphQL operations (the subgraphs check admin rights themselves). */
export const ADMIN_ROOT_FIELDS = new Set([
  '__typename',
  'adminSession',
  'adminLogin',
  'adminLogout',
  'users',
  'deleteUser',
  'resendVerification',
  'documents',
  'usageMetrics',
  'stats',
  'visitorAnalytics',
  'blacklist',
  'blockIp',
  'unblockIp',
  'auditLog',
  // The API keys and the API's use, on the same admin screen.
  'allApiKeys',
  'adminRevokeApiKey',
  'apiUsage',
]);

/**
 * The blocked addresses and ranges. Analytics stores an address, or a range as
 * `network/prefix` (an IPv6 address blocked alone is its /64): a client address is refused
 * when it is one of the addresses or inside one of the ranges.
 */
export class BlockedAddresses {
  private readonly entries = new Set<string>();
  private ranges = new BlockList();
  private rangeCount = 0;

  has(ip: string | null | undefined): boolean {
    if (!ip) return false;
    const address = plain(ip);
    if (this.entries.has(address)) return true;
    if (this.rangeCount === 0) return false;
    const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    return family !== null && this.ranges.check(address, family);
  }
  add(ip: string): void {
    this.entries.add(plain(ip));
    this.rebuildRanges();
  }
  remove(ip: string): void {
    this.entries.delete(plain(ip));
    this.rebuildRanges();
  }
  /** Adds a full list read at start (events that arrived meanwhile are already applied). */
  addAll(ips: Iterable<string>): void {
    for (const ip of ips) this.entries.add(plain(ip));
    this.rebuildRanges();
  }
  get size(): number {
    return this.entries.size;
  }

  /** Node's BlockList cannot forget a subnet: rebuilt from the entries on every change (a few per day). */
  private rebuildRanges(): void {
    const ranges = new BlockList();
    let count = 0;
    for (const entry of this.entries) {
      const [network, prefix] = entry.split('/');
      if (prefix === undefined) continue;
      const family = isIPv4(network) ? 'ipv4' : isIPv6(network) ? 'ipv6' : null;
      if (!family || !/^\d{1,3}$/.test(prefix)) continue;
      ranges.addSubnet(network, Number(prefix), family);
      count++;
    }
    this.ranges = ranges;
    this.rangeCount = count;
  }
}

/** Analytics stores IPv4-mapped IPv6 as plain IPv4 and IPv6 lower-case; the client address is read the same way. */
function plain(ip: string): string {
  const lower = ip.toLowerCase();
  return lower.startsWith('::ffff:') && /^\d+\.\d+\.\d+\.\d+$/.test(lower.slice(7)) ? lower.slice(7) : lower;
}

/** True for the admin's own paths, which a blocked address may still reach. */
export function isAdminPath(method: string, pathname: string, graphqlQuery: () => { query: unknown; operationName: unknown }): boolean {
  if (/^\/api\/admin(\/|$)/.test(pathname) || /^\/api\/metrics(\/|$)/.test(pathname)) return true;
  if (method === 'GET' && (pathname === '/metrics' || pathname === '/metrics/' || pathname.startsWith('/assets/') || pathname === '/favicon.ico')) return true;
  if (pathname === '/graphql') {
    const { query, operationName } = graphqlQuery();
    return onlyAdminFields(query, operationName);
  }
  return false;
}

/** Whether the operation the request runs selects admin root fields only. Anything unreadable is not admin. */
export function onlyAdminFields(query: unknown, operationName: unknown): boolean {
  if (typeof query !== 'string' || query.length > 100_000) return false;
  let operations: OperationDefinitionNode[];
  try {
    operations = parse(query, { maxTokens: MAX_TOKENS }).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  } catch {
    return false;
  }
  const operation = typeof operationName === 'string' && operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!operation || operation.operation === 'subscription') return false;
  // Fragments at the root could hide any field: only plain fields count.
  return operation.selectionSet.selections.every((selection) => selection.kind === Kind.FIELD && ADMIN_ROOT_FIELDS.has(selection.name.value));
}

/**
 * For the `/ws` upgrade, which no Koa middleware sees: refuses it with 403 and answers true
 * when the client address is blocked. The address is resolved with the same trusted-proxy
 * rule as `ctx.ip`. Both hosts (embedded and distributed) call it before routing the upgrade.
 */
export function refuseBlockedUpgrade(blocked: BlockedAddresses, trust: BlockList, request: IncomingMessage, socket: Duplex): boolean {
  if (blocked.size === 0) return false;
  const forwarded = request.headers['x-forwarded-for'];
  if (!blocked.has(resolveClientIp(request.socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(',') : forwarded, trust))) return false;
  socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  return true;
}

/**
 * For the `/ws` upgrade: refuses it with 421 and answers true when its Host header names
 * neither the public address nor this machine (DNS rebinding; the Koa edge checks the same).
 */
export function refuseForeignHostUpgrade(allowedOrigins: readonly string[], request: IncomingMessage, socket: Duplex): boolean {
  if (hostAllowed(request.headers.host, allowedOrigins)) return false;
  socket.end('HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  return true;
}

/** Koa middleware: 403 for a blocked client address, except on the admin's own paths. */
export function blacklistGuard(blocked: BlockedAddresses): Koa.Middleware {
  return async (ctx, next) => {
    if (blocked.size === 0 || !blocked.has(ctx.ip)) return next();
    const graphqlQuery = () => {
      const body = (ctx.request as { body?: unknown }).body;
      const source = ctx.method === 'GET' ? ctx.query : body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      return { query: source.query, operationName: source.operationName };
    };
    if (isAdminPath(ctx.method, ctx.path, graphqlQuery)) return next();
    ctx.status = 403;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = BLOCKED_BODY;
  };
}

/**
 * Keeps `blocked` current from the bus, then reads the full list. Subscribing first means a
 * change made while the list is read is not lost: changes heard before the list arrives are
 * applied at once and again after it, in order, so a list read before an unblock cannot
 * bring the address back. Events apply in order per address (keyed by it), and applying one
 * twice changes nothing.
 */
export async function followBlacklist(options: {
  bus: Bus;
  group: string;
  blocked: BlockedAddresses;
  load: () => Promise<string[]>;
  logger: Logger;
  retryMs?: number;
}): Promise<{ loaded: Promise<void>; stop(): Promise<void> }> {
  const { bus, group, blocked, logger } = options;
  let journal: Array<() => void> | null = [];
  const apply = (change: () => void) => {
    change();
    journal?.push(change);
  };
  const subscriptions: Subscription[] = [
    await bus.subscribe(topics['ip.blocked'], group, async (raw) => {
      const { ipAddress } = parseEvent('ip.blocked', raw).payload;
      apply(() => blocked.add(ipAddress));
    }, { perInstance: true }),
    await bus.subscribe(topics['ip.unblocked'], group, async (raw) => {
      const { ipAddress } = parseEvent('ip.unblocked', raw).payload;
      apply(() => blocked.remove(ipAddress));
    }, { perInstance: true }),
  ];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // The list is read until it arrives: analytics may start after the gateway.
  const loaded = new Promise<void>((resolve) => {
    const attempt = () => {
      if (stopped) return resolve();
      options.load().then(
        (addresses) => {
          blocked.addAll(addresses);
          for (const change of journal ?? []) change();
          journal = null;
          logger.info({ blocked: blocked.size }, 'IP blacklist loaded');
          resolve();
        },
        (err: unknown) => {
          logger.warn({ err }, 'IP blacklist not loaded yet; retrying');
          timer = setTimeout(attempt, options.retryMs ?? 2000);
          timer.unref();
        },
      );
    };
    attempt();
  });
  return {
    loaded,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(subscriptions.map((s) => s.close()));
    },
  };
}

/**
 * The client's address as the server can vouch for it. `X-Forwarded-For` is written by
 * whoever sends the request, so it counts only when the peer that handed it to us is one of
 * the operator's proxies (TRUSTED_PROXIES, empty by default): walking the header from the
 * right, each hop is believed only while the hop after it is trusted. Every per-IP limit
 * reads the address this returns (Koa's `ctx.ip`, set by `clientIp` below).
 */
import { BlockList, isIP } from 'node:net';
import type { Middleware } from 'koa';

/** Why `cidr` is not a CIDR or a bare address, or null when it is one. */
export function cidrProblem(cidr: string): string | null {
  const [address, prefix, extra] = cidr.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return `expected an IP address or CIDR, got "${cidr}"`;
  if (prefix === undefined) return null;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return Number.isInteger(bits) && bits >= 0 && bits <= (family === 4 ? 32 : 128) ? null : `bad prefix length in "${cidr}"`;
}

export function trustList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function trusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Whether the connection's peer is one of the trusted proxies. */
export function isTrustedPeer(peer: string | undefined, trust: BlockList): boolean {
  return trusted(trust, plain(peer ?? ''));
}

/** The client address for a request that came from `peer` carrying `forwardedFor`. */
export function resolveClientIp(peer: string | undefined, forwardedFor: string | undefined, trust: BlockList): string {
  let client = plain(peer ?? '');
  if (!forwardedFor) return client;
  const hops = forwardedFor
    .split(',')
    .map((hop) => plain(hop.trim()))
    .filter(Boolean);
  while (hops.length > 0 && trusted(trust, client)) {
    const next = hops.pop()!;
    if (!isIP(next)) break; // garbage from upstream: stop at the last address we can vouch for
    client = next;
  }
  return client;
}

/** Sets `ctx.ip` (Koa's request.ip) to the resolved client address before anything reads it. */
export function clientIp(trustedProxies: readonly string[]): Middleware {
  const trust = trustList(trustedProxies);
  return async (ctx, next) => {
    ctx.request.ip = resolveClientIp(ctx.req.socket.remoteAddress, ctx.get('x-forwarded-for') || undefined, trust);
    await next();
  };
}

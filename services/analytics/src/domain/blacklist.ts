/**
 * The IP blacklist's rules, pure. An address is stored in one canonical form (IPv6
 * compressed and lower-case, an IPv4-mapped IPv6 address as plain IPv4), the form the
 * gateway's client-address resolution produces, so a block matches however it was typed.
 *
 * Ranges too (CIDR: `203.0.113.0/24`, `2001:db8:1:2::/64`), stored as their network and
 * prefix. An IPv6 address typed alone blocks its /64: a client holds a whole /64 and walked
 * around a single blocked address by changing its last bits (issue 28, Low). An IPv4 address
 * alone is that address; `/128` blocks one IPv6 address.
 *
 * Loopback and unspecified addresses are refused: in a single-host installation every
 * request without a trusted proxy in front comes from loopback, and blocking it would shut
 * the whole product (everything but the admin's own paths) for everyone.
 */
import { z } from 'zod';
import { parseIpv4, parseIpv6 } from './visitors';

export interface BlockedIp {
  id: string; // the normalised address
  ipAddress: string;
  reason: string | null;
  blockedAt: string;
  blockedBy: string;
}

export const blacklistMessages = {
  invalid: 'Please enter a valid IPv4 or IPv6 address, or a range of them (e.g. 203.0.113.0/24).',
  loopback: 'Loopback and unspecified addresses cannot be blocked: every local request comes from them.',
  tooWide: 'This range is too wide to block: at most a /8 of IPv4 or a /32 of IPv6.',
  notBlocked: 'This IP address is not blocked.',
  blocked: 'IP Blocked',
  unblocked: 'IP Unblocked',
} as const;

export type NormalisedIp = { ok: true; ipAddress: string } | { ok: false; message: string };

/** RFC 5952's text form of eight 16-bit groups: lower-case, the longest run of two or more zero groups as `::`. */
function formatIpv6(groups: number[]): string {
  let best = { at: -1, length: 1 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > best.length) best = { at: i, length: j - i };
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}

/** Narrowest prefixes a block may have: wider ones would close the product to whole regions. */
const WIDEST = { v4: 8, v6: 32 };

/** `bits` of `groups` (each `width` bits) kept, the rest zero: a range's network. */
function network(groups: number[], width: number, bits: number): number[] {
  return groups.map((group, i) => {
    const keep = Math.max(0, Math.min(width, bits - i * width));
    return keep === 0 ? 0 : group & (((1 << width) - 1) ^ ((1 << (width - keep)) - 1));
  });
}

/** The canonical form of `input` (an address or a CIDR range), or why it cannot be blocked. */
export function normaliseIp(input: unknown): NormalisedIp {
  if (typeof input !== 'string' || input.length > 64) return { ok: false, message: blacklistMessages.invalid };
  const raw = input.trim();
  const slash = raw.indexOf('/');
  const address = slash < 0 ? raw : raw.slice(0, slash);
  const prefixText = slash < 0 ? null : raw.slice(slash + 1);
  if (prefixText !== null && !/^\d{1,3}$/.test(prefixText)) return { ok: false, message: blacklistMessages.invalid };
  let prefix = prefixText === null ? null : Number(prefixText);
  const v4 = parseIpv4(address);
  const v6 = v4 ? null : parseIpv6(address);
  if (!v4 && !v6) return { ok: false, message: blacklistMessages.invalid };
  // An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is the IPv4 client it stands for.
  const mapped = v6 && v6.slice(0, 5).every((group) => group === 0) && v6[5] === 0xffff;
  if (mapped && prefix !== null) prefix = prefix >= 96 ? prefix - 96 : -1;
  const octets = v4 ?? (mapped ? [v6![6] >> 8, v6![6] & 255, v6![7] >> 8, v6![7] & 255] : null);
  if (octets) {
    const bits = prefix ?? 32;
    if (bits < 0 || bits > 32) return { ok: false, message: blacklistMessages.invalid };
    if (bits < WIDEST.v4) return { ok: false, message: blacklistMessages.tooWide };
    const net = network(octets, 8, bits);
    // A range holding loopback (127/8) or 0.0.0.0 would close the product to local requests;
    // at /8 or narrower the first octet says whether it does.
    if (net[0] === 127 || net.every((octet) => octet === 0)) return { ok: false, message: blacklistMessages.loopback };
    return { ok: true, ipAddress: bits === 32 ? net.join('.') : `${net.join('.')}/${bits}` };
  }
  const groups = v6!;
  const bits = prefix ?? 64;
  if (bits > 128) return { ok: false, message: blacklistMessages.invalid };
  if (bits < WIDEST.v6) return { ok: false, message: blacklistMessages.tooWide };
  const net = network(groups, 16, bits);
  // A range holding :: or ::1 (loopback).
  const holds = (address: number[]) => network(address, 16, bits).every((group, i) => group === net[i]);
  if (holds([0, 0, 0, 0, 0, 0, 0, 0]) || holds([0, 0, 0, 0, 0, 0, 0, 1])) return { ok: false, message: blacklistMessages.loopback };
  return { ok: true, ipAddress: bits === 128 ? formatIpv6(net) : `${formatIpv6(net)}/${bits}` };
}

/** The request bodies of POST /api/admin/blacklist/add and /remove, and the GraphQL arguments. */
export const blockBodySchema = z.object({
  ipAddress: z.unknown().optional(),
  reason: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 500) : null)),
});

/** SPEC's Blacklist: blacklistedIPs, totalBlacklisted. */
export function toBlacklist(entries: BlockedIp[]) {
  return { blacklistedIPs: entries.map(({ id: _id, ...entry }) => entry), totalBlacklisted: entries.length };
}

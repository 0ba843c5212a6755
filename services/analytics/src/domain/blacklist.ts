/**
 * The IP blacklist's rules, pure. An address is stored in one canonical form (IPv6
 * compressed and lower-case, an IPv4-mapped IPv6 address as plain IPv4), the form the
 * gateway's client-address resolution produces, so a block matches however it was typed.
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
  invalid: 'Please enter a valid IPv4 or IPv6 address.',
  loopback: 'Loopback and unspecified addresses cannot be blocked: every local request comes from them.',
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

/** The canonical form of `input`, or why it cannot be blocked. */
export function normaliseIp(input: unknown): NormalisedIp {
  if (typeof input !== 'string' || input.length > 64) return { ok: false, message: blacklistMessages.invalid };
  const raw = input.trim();
  const v4 = parseIpv4(raw);
  const v6 = v4 ? null : parseIpv6(raw);
  if (!v4 && !v6) return { ok: false, message: blacklistMessages.invalid };
  // An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is the IPv4 client it stands for.
  const mapped = v6 && v6.slice(0, 5).every((group) => group === 0) && v6[5] === 0xffff;
  const octets = v4 ?? (mapped ? [v6![6] >> 8, v6![6] & 255, v6![7] >> 8, v6![7] & 255] : null);
  if (octets) {
    if (octets[0] === 127 || octets.every((octet) => octet === 0)) return { ok: false, message: blacklistMessages.loopback };
    return { ok: true, ipAddress: octets.join('.') };
  }
  const groups = v6!;
  const unspecified = groups.every((group) => group === 0);
  const loopback = groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1;
  if (unspecified || loopback) return { ok: false, message: blacklistMessages.loopback };
  return { ok: true, ipAddress: formatIpv6(groups) };
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

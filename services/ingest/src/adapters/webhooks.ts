/**
 * Delivering the public API's webhooks to the addresses callers give, without letting a
 * caller point CiteCheck at what only it can reach (SSRF): outside development, an address
 * that is (or resolves to) loopback, private, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, multicast or otherwise not public is refused, unless the operator lists
 * its network in WEBHOOK_ALLOWED_NETWORKS (a firm's own document system on its LAN). The name
 * is resolved again at each delivery and the connection made to the address that was checked,
 * so a DNS answer that changes after the check (rebinding) cannot redirect it; redirects are
 * not followed.
 *
 *   const policy = webhookPolicy({ NODE_ENV: 'production', WEBHOOK_ALLOWED_NETWORKS: [] });
 *   await checkWebhookUrl('https://hooks.firm.example/citecheck', policy); // throws WebhookRefusedError for http://10.0.0.5/
 *   await postWebhook(url, body, headers, policy);
 */
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { trustList } from '@citecheck/platform';

export class WebhookRefusedError extends Error {
  override name = 'WebhookRefusedError';
}

export interface WebhookPolicy {
  /** Development: any address (a receiver on the developer's machine). */
  allowPrivate: boolean;
  /** Networks allowed even though they are not public (WEBHOOK_ALLOWED_NETWORKS). */
  allowed: BlockList;
  timeoutMs: number;
}

export function webhookPolicy(config: { NODE_ENV: string; WEBHOOK_ALLOWED_NETWORKS?: readonly string[] }, timeoutMs = 10_000): WebhookPolicy {
  return { allowPrivate: config.NODE_ENV === 'development', allowed: trustList(config.WEBHOOK_ALLOWED_NETWORKS ?? []), timeoutMs };
}

/** Everything that is not a public unicast address (RFC 6890 and its IPv6 counterpart). */
const NOT_PUBLIC = (() => {
  const list = new BlockList();
  for (const [address, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const) {
    list.addSubnet(address, prefix, 'ipv4');
  }
  for (const [address, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['64:ff9b::', 96],
    ['100::', 64],
    ['2001:db8::', 32],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
  ] as const) {
    list.addSubnet(address, prefix, 'ipv6');
  }
  return list;
})();

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

export function isPublicAddress(address: string): boolean {
  const ip = plain(address);
  const family = isIP(ip);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

function permitted(address: string, policy: WebhookPolicy): boolean {
  if (policy.allowPrivate || isPublicAddress(address)) return true;
  const ip = plain(address);
  return policy.allowed.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
}

const REFUSED = 'This webhook address is not allowed: give a public http(s) address.';

/** The URL, parsed and checked now; the address a delivery may connect to. */
export async function checkWebhookUrl(raw: string, policy: WebhookPolicy): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookRefusedError(REFUSED);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) throw new WebhookRefusedError(REFUSED);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new WebhookRefusedError('This webhook address could not be resolved.');
    }
  }
  // Every address the name has must pass: a client library may pick any of them.
  if (addresses.length === 0 || !addresses.every((a) => permitted(a.address, policy))) throw new WebhookRefusedError(REFUSED);
  return { url, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}

/** POSTs `body` to `raw` (checked again now); resolves on 2xx, throws otherwise. */
export async function postWebhook(raw: string, body: string, headers: Record<string, string>, policy: WebhookPolicy): Promise<number> {
  const { url, address, family } = await checkWebhookUrl(raw, policy);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'CiteCheck-Webhooks/1', ...headers },
        // Connect to the address checked above, whatever the name resolves to by now.
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all) (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
          else (callback as (err: null, address: string, family: number) => void)(null, address, family);
        },
        timeout: policy.timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(status);
          else reject(new Error(`webhook answered HTTP ${status}`));
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`webhook did not answer within ${policy.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The ports the system tests give their child processes. They used to come from `listen(0)`,
 * inside the kernel's ephemeral range, where an outgoing connection could take one before the
 * child bound it: manifest-boot then failed now and again with EADDRINUSE.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from './pipeline-harness';

function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return [low, high];
  } catch {
    return [32768, 60999]; // Linux's default, where /proc is not readable
  }
}

test('ports are handed out below the ephemeral range, never the same one twice, and bindable', async () => {
  const [low] = ephemeralRange();
  const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
  for (const port of ports) expect(port).toBeLessThan(low);
  expect(new Set(ports).size).toBe(ports.length);
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: ports[0], host: '::' }, () => resolve());
  });
  await new Promise((resolve) => server.close(resolve));
});

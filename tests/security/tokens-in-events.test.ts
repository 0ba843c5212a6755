/**
 * Finding 12, tokens in bus events: a mail request carried its verification or reset link,
 * one-time token and all, on the bus, so whoever could read the bus (Kafka's log, the
 * embedded bus's SQLite file) could take over any account in the middle of signing up.
 * fails before: the `mail.requested` event's data.link held the token in clear.
 */
import type { EventEnvelope } from '../../proto/src';
import { createService as createNotification } from '../../services/notification/src/service';
import { createService } from '../../services/identity/src/service';
import { call, createWorld, identitySettings, notificationSettings, serve, type TestServer, type TestWorld } from '../../services/identity/test/harness';

let world: TestWorld;
let server: TestServer;
let stops: (() => Promise<void>)[] = [];
const events: EventEnvelope[] = [];

beforeAll(async () => {
  world = createWorld();
  const identity = createService(world.portsFor('identity'), identitySettings());
  const notification = createNotification(world.portsFor('notification'), notificationSettings());
  await world.bus.subscribe('mail.requested', 'tokens-test', async (event) => {
    events.push(event);
  });
  await identity.module.start();
  await notification.module.start();
  server = await serve([identity.module.routes, notification.module.routes]);
  stops = [() => server.close(), () => notification.module.stop(), () => identity.module.stop()];
});
afterAll(async () => {
  for (const stop of stops) await stop();
  await world.close();
});

it('puts no token on the bus, and the mailed link still works', async () => {
  const email = 'new@firm.test';
  await call(server.url, 'POST', '/api/auth/register', { body: { name: 'New', email } });
  let link: string | undefined;
  const deadline = Date.now() + 5000;
  while (!link && Date.now() < deadline) {
    const { body } = await call(server.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    link = (body as { links: string[] }[])[0]?.links[0];
    if (!link) await new Promise((r) => setTimeout(r, 20));
  }
  const token = new URL(link!).searchParams.get('token')!;
  expect(token.length).toBeGreaterThan(20);
  const published = events.filter((e) => (e.payload as { to: string }).to === email);
  expect(published).toHaveLength(1);
  expect(JSON.stringify(published)).not.toContain(token);
  expect((await call(server.url, 'GET', `/api/verify-email?token=${token}`)).status).toBe(200);
});

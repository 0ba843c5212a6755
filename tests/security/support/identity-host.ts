/**
 * Identity and notification (dev outbox) in the test's process behind one HTTP server, for the
 * account findings: `api` calls it like a browser without a cookie jar (each test passes the
 * cookies it means a browser to hold), `mails` reads the outbox.
 */
import { createService as createNotification } from '../../../services/notification/src/service';
import { createService } from '../../../services/identity/src/service';
import { call, createWorld, identitySettings, notificationSettings, serve, type TestServer, type TestWorld } from '../../../services/identity/test/harness';

export interface IdentityHost {
  world: TestWorld;
  api: (method: string, url: string, options?: Parameters<typeof call>[3]) => ReturnType<typeof call>;
  /** Every mail to `email` whose subject matches, newest first, once there are `count`. */
  mails(email: string, subject: RegExp, count?: number): Promise<{ subject: string; text: string; html: string; links: string[] }[]>;
  close(): Promise<void>;
}

export async function startIdentityHost(settings: Parameters<typeof identitySettings>[0] = {}): Promise<IdentityHost> {
  const world = createWorld();
  const identity = createService(world.portsFor('identity'), identitySettings(settings));
  const notification = createNotification(world.portsFor('notification'), notificationSettings());
  await identity.module.start();
  await notification.module.start();
  const server: TestServer = await serve([identity.module.routes, notification.module.routes]);
  const api: IdentityHost['api'] = (method, url, options) => call(server.url, method, url, options);
  return {
    world,
    api,
    async mails(email, subject, count = 1) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const { body } = await api('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
        const found = (body as { subject: string; text: string; html: string; links: string[] }[]).filter((m) => subject.test(m.subject));
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`fewer than ${count} "${subject}" mails for ${email}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await server.close();
      await notification.module.stop();
      await identity.module.stop();
      await world.close();
    },
  };
}

/** `name=value` of the cookie `name` the answer sets, for the next request's Cookie header. */
export function cookieFrom(headers: Headers, name: string): string | undefined {
  return new RegExp(`${name}=[A-Za-z0-9_-]+`).exec(headers.get('set-cookie') ?? '')?.[0];
}

export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

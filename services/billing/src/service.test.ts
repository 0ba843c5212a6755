/**
 * Start-up without Stripe: billing starts, and names every variable payments still need, as an
 * error in production.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildService, createLogger, loadConfig } from '@citecheck/platform';
import { localPorts, logLines } from '@citecheck/platform/testing';
import type { IdentityApi } from '@citecheck/proto';
import { service } from './service';

const identity = new Proxy({} as IdentityApi, {
  get: () => () => Promise.reject(new Error('identity is not called at start-up')),
});

async function startupLines(env: Record<string, string>): Promise<Array<{ level: string; msg: string; missing?: string[] }>> {
  const { lines, stream } = logLines();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-billing-'));
  const ports = localPorts('billing', { dataDir, logger: createLogger('billing', 'info', stream) });
  try {
    const module = await buildService(service, ports, loadConfig(service.config, env), { identity });
    await module.start();
    expect(await module.health()).toMatchObject({ ok: true, details: { paymentsConfigured: Object.keys(env).some((k) => k === 'STRIPE_PRICE_ENTERPRISE') } });
    await module.stop();
  } finally {
    await ports.bus.close();
    await ports.store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines as Array<{ level: string; msg: string; missing?: string[] }>;
}

it('names what payments still need, as an error in production', async () => {
  const lines = await startupLines({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PRICE_PREMIUM: 'price_p' });
  const line = lines.find((l) => l.missing);
  expect(line).toMatchObject({ level: 'error', missing: ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ENTERPRISE'] });
  expect(line?.msg).toBe('payments are not configured: set STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ENTERPRISE');
});

it('says payments are configured once all five are set', async () => {
  const lines = await startupLines({
    NODE_ENV: 'production',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_PRICE_PREMIUM: 'price_p',
    STRIPE_PRICE_ENTERPRISE: 'price_e',
  });
  expect(lines.some((l) => l.missing)).toBe(false);
  expect(lines.some((l) => l.msg === 'payments configured')).toBe(true);
});

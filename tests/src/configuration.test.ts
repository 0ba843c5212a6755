/**
 * Configuration is documented once, in .env.example; the README's table is generated from it.
 * These tests keep the code, .env.example and README.md in step.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { platformConfigSchema } from '@citecheck/platform';
import { gatewayConfigSchema } from '../../gateway/src/config';
import { configSchema as analytics } from '@citecheck/analytics';
import { configSchema as billing } from '@citecheck/billing';
import { configSchema as extraction } from '@citecheck/extraction';
import { identityConfigSchema as identity } from '@citecheck/identity';
import { configSchema as ingest } from '@citecheck/ingest';
import { notificationConfigSchema as notification } from '@citecheck/notification';
import { configSchema as progress } from '@citecheck/progress';
import { configSchema as validation } from '@citecheck/validation';

const root = path.resolve(__dirname, '..', '..');
const envExample = readFileSync(path.join(root, '.env.example'), 'utf8');
const declared = new Set([...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

const schemas: Record<string, z.ZodObject> = { platform: platformConfigSchema, gateway: gatewayConfigSchema, analytics, billing, extraction, identity, ingest, notification, progress, validation };
const read = new Set(Object.values(schemas).flatMap((schema) => Object.keys(schema.shape)));

/** Listed but read by no schema (none today). */
const RESERVED = new Set<string>();

describe('configuration', () => {
  it('lists every variable the code reads in .env.example', () => {
    expect([...read].filter((name) => !declared.has(name)).sort()).toEqual([]);
  });

  it('reads every variable .env.example lists (or marks it reserved)', () => {
    expect([...declared].filter((name) => !read.has(name) && !RESERVED.has(name)).sort()).toEqual([]);
  });

  it('accepts .env.example as it is: its defaults start embedded mode', () => {
    const env = Object.fromEntries([...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]]));
    for (const [name, schema] of Object.entries(schemas)) {
      const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
      expect([name, parsed.success ? 'ok' : parsed.error.message]).toEqual([name, 'ok']);
    }
  });

  it('has the README table generated from .env.example', async () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const { execFileSync } = await import('node:child_process');
    const block = execFileSync(process.execPath, [path.join(root, 'scripts', 'env-table.mjs')], { encoding: 'utf8' }).trim();
    expect(readme).toContain(block);
  });
});

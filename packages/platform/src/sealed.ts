/**
 * Values sealed for the services of one installation: AES-256-GCM under a key the services
 * share. An event that must carry a secret to another service (a mail request's one-time link)
 * carries it sealed, so the bus (Kafka's log, the embedded bus's SQLite file) and whoever can
 * read it never hold the secret itself.
 *
 * The key: derived from INTERNAL_TOKEN when set (distributed mode shares it); else, in embedded
 * mode, one kept in DATA_DIR (every service shares the directory, and sealed events survive a
 * restart), or one per process (tests, which host both ends in one process). Distributed mode
 * without INTERNAL_TOKEN has no shared key: `sealKey` answers null and values travel as they
 * are, which the services' start-up log says.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PREFIX = 'sealed:v1:';
let processKey: Buffer | undefined;

export interface SealKeySource {
  INTERNAL_TOKEN?: string;
  DATA_DIR?: string;
  MODE?: 'embedded' | 'distributed';
}

function keyFileIn(dataDir: string): Buffer {
  const file = path.join(dataDir, 'seal.key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

export function sealKey(source: SealKeySource): Buffer | null {
  if (source.INTERNAL_TOKEN) return createHash('sha256').update(`citecheck seal\n${source.INTERNAL_TOKEN}`).digest();
  if (source.MODE === 'distributed') return null;
  if (source.DATA_DIR) return keyFileIn(source.DATA_DIR);
  processKey ??= randomBytes(32);
  return processKey;
}

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** The sealed value's text; a value that is not sealed is returned as it is (events from before sealing). */
export function unseal(key: Buffer | null, value: string): string {
  if (!isSealed(value)) return value;
  if (!key) throw new Error('a sealed value arrived but no key is configured (set INTERNAL_TOKEN on every service)');
  const raw = Buffer.from(value.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

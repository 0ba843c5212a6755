/**
 * The product in embedded mode inside the test's process, set for the pipeline's system
 * tests: a fresh DATA_DIR, the dev outbox on (users are verified through it) and the rate
 * limits raised so one test can play many users.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbedded, type EmbeddedServer } from '../../../gateway/src/embedded';
import { freePort } from '../pipeline-harness';

export interface PipelineProduct {
  url: string;
  server: EmbeddedServer;
  /** Stops the server and removes its data. */
  close(): Promise<void>;
}

/** `name` names the data folder, so a run's leftovers say which test made them. */
export async function startPipelineProduct(name: string): Promise<PipelineProduct> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `citecheck-${name}-`));
  try {
    const server = await startEmbedded({
      env: { PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_EMAIL: '1000', DEV_MAIL_OUTBOX: 'true' },
    });
    return {
      url: server.url,
      server,
      close: async () => {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Starts the product before the file's tests (calling `onStart` with it, where the file keeps
 * its URL) and closes it after them.
 */
export function usePipelineProduct(name: string, onStart: (product: PipelineProduct) => void): void {
  let product: PipelineProduct | undefined;
  beforeAll(async () => {
    product = await startPipelineProduct(name);
    onStart(product);
  });
  afterAll(() => product?.close());
}

/**
 * The services as their images run them, without Docker: the root Dockerfile's build stage
 * bundles every deployable (scripts/bundle-services.mjs) and lays out one service's /app
 * (scripts/stage-service.mjs: its bundle, the files its packages read, only its node_modules);
 * the runtime stage runs `node dist/services/<name>.cjs` in it. Here the same two scripts
 * write each service's /app to a temporary folder outside the repository (files hard-linked),
 * so a process started there finds nothing the image would not have: not the repository's
 * node_modules, not tsx, not the TypeScript sources.
 *
 *   const images = await stageImages(['identity', 'gateway']);
 *   group.start(images.entry('identity'), { plain: true, cwd: images.dir('identity'), env });
 *   images.remove();
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './processes';

export interface StagedImages {
  /** A service's /app. */
  dir(name: string): string;
  /** What the image's entrypoint runs, relative to dir(name). */
  entry(name: string): string;
  /** The bundles' manifest (scripts/bundle-services.mjs's bundles.json). */
  manifest: Record<string, { file: string; packages: string[]; workspace: string[] }>;
  remove(): void;
}

export function stageImages(names: string[]): StagedImages {
  const work = mkdtempSync(path.join(tmpdir(), 'citecheck-images-'));
  const bundles = path.join(work, 'bundles');
  const run = (script: string, args: string[]) =>
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', script), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 16 << 20 });
  try {
    // As `npm run build` does in the build stage: the read worker's and citation thread's own
    // bundles (written where `npm install` puts them), then the services'.
    run('prepare.mjs', []);
    run('bundle-services.mjs', ['--out', bundles, ...names]);
    for (const name of names) run('stage-service.mjs', [name, path.join(work, name), '--bundles', bundles, '--link']);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    const failed = error as { stderr?: Buffer; message: string };
    throw new Error(`staging the images failed: ${failed.stderr?.toString() || failed.message}`);
  }
  const manifest = JSON.parse(readFileSync(path.join(bundles, 'bundles.json'), 'utf8'));
  return {
    dir: (name) => path.join(work, name),
    entry: (name) => path.join('dist', 'services', `${name}.cjs`),
    manifest,
    remove: () => rmSync(work, { recursive: true, force: true }),
  };
}

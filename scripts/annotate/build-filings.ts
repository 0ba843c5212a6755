/**
 * Collects public court filings as PDFs for the annotated-brief round trip
 * (tests/src/annotate-roundtrip.test.ts, "on public court filings"): briefs, letters, orders and
 * opinions filed in federal and state courts, and two scanned filings, that
 * freelawproject/doctor keeps as PDF-extraction fixtures (RECAP documents). Nothing is
 * committed: the files are written outside the repository, with a MANIFEST.json naming, per
 * file, the repository, commit and path it came from.
 *
 *   DOCTOR_SRC=<clone of freelawproject/doctor, bare or not> npx tsx scripts/annotate/build-filings.ts [outDir]
 *     outDir  default ~/.cache/citecheck/filings (the test's CITECHECK_FILINGS_DIR)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const SELECT = /^doctor\/test_assets\/(recap_documents\/.*|recap_extract\/.*|missouri|image-pdf|image-pdf-2|vector-pdf)\.pdf$/;

function git(dir: string, args: string[]): Buffer {
  // A bare clone is read as is; a checkout through its work tree's repository.
  return execFileSync('git', ['--git-dir', dir.endsWith('.git') || !readdirSync(dir).includes('.git') ? dir : join(dir, '.git'), ...args], { maxBuffer: 256 * 1024 * 1024 });
}

function main(): void {
  const source = process.env.DOCTOR_SRC;
  if (!source) {
    console.error('Set DOCTOR_SRC to a clone of freelawproject/doctor (bare or not).');
    process.exit(2);
  }
  const out = resolve(process.argv[2] ?? join(homedir(), '.cache', 'citecheck', 'filings'));
  mkdirSync(out, { recursive: true });
  for (const f of readdirSync(out)) if (f.endsWith('.pdf') || f === 'MANIFEST.json') rmSync(join(out, f));
  const commit = git(source, ['rev-parse', 'HEAD']).toString().trim();
  const manifest: { file: string; repo: string; commit: string; path: string; bytes: number }[] = [];
  for (const path of git(source, ['ls-tree', '-r', '--name-only', 'HEAD']).toString().split('\n').filter((p) => SELECT.test(p))) {
    const data = git(source, ['show', `HEAD:${path}`]);
    if (!data.subarray(0, 1024).includes('%PDF-')) continue; // a file the snapshot lists but does not hold
    const file = `doctor-${path.replace(/^doctor\/test_assets\//, '').replace(/\//g, '-')}`;
    writeFileSync(join(out, file), data);
    manifest.push({ file, repo: 'freelawproject/doctor', commit, path, bytes: data.length });
  }
  writeFileSync(join(out, 'MANIFEST.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`${manifest.length} filings in ${out}`);
}

main();

/**
 * The lean `extract` path (bin → dist/lean.cjs) must print exactly what the full CLI prints.
 * Its speed is measured by scripts/bench/cli.ts, not here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main, type CliIO } from './main';

const packageDir = path.resolve(__dirname, '..');
const BRIEF = 'See Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 556 (2007).\n\nCaballes, 543 U.S. at 410, 125 S. Ct. 834. Id. at 5. 42 U.S.C. § 1983.\n';

it('prints the same citations from the prebuilt bundle as from the sources', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lean-'));
  try {
    const file = path.join(dir, 'brief.txt');
    writeFileSync(file, BRIEF);
    execFileSync(process.execPath, [path.join(packageDir, 'scripts', 'bundle.mjs')]);
    const lean = execFileSync(process.execPath, [path.join(packageDir, 'bin', 'citecheck.js'), 'extract', file, '--json'], { encoding: 'utf8' });
    const stdout: string[] = [];
    const io: CliIO = { out: (t) => stdout.push(t), err: () => undefined, progress: () => undefined, isTTY: false };
    expect(await main(['extract', file, '--json'], io)).toBe(0);
    expect(JSON.parse(lean)).toEqual(JSON.parse(stdout.join('\n')));
    expect(JSON.parse(lean).length).toBeGreaterThanOrEqual(4);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

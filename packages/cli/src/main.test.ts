import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { main, type CliIO } from './main';

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), progress: () => {}, isTTY: false };
}

describe('citecheck', () => {
  it('prints help and the version', async () => {
    const io = capture();
    expect(await main(['--help'], io)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/Usage:/);
    const v = capture();
    expect(await main(['version'], v)).toBe(0);
    expect(v.stdout[0]).toBe(require('../../../package.json').version);
  });

  it('rejects an unknown command with exit code 2', async () => {
    const io = capture();
    expect(await main(['frobnicate'], io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/unknown command 'frobnicate'/);
  });

  it('runs as a real command from the bin script', () => {
    const bin = path.join(__dirname, '..', 'bin', 'citecheck.js');
    expect(execFileSync(process.execPath, [bin, 'version'], { encoding: 'utf8' }).trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('loads a command on demand from the bin script (caselaw, read from the sources)', () => {
    const bin = path.join(__dirname, '..', 'bin', 'citecheck.js');
    const run = spawnSync(process.execPath, [bin, 'caselaw', 'coverage', '--index', path.join(__dirname, 'no-such-index.sqlite')], { encoding: 'utf8' });
    expect(run.stderr).toContain('No case-law index at');
    expect(run.stderr).not.toContain('Cannot find module');
    expect(run.status).toBe(2);
  });
});

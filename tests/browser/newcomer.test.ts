/**
 * A newcomer with nothing but the README: a fresh clone, the README's first command (`npm
 * install && npm start`, read from the README itself), then in Chromium register, verify with
 * the link the README says where to find (the console `npm start` runs in), and check the
 * sample filing. The test reads nothing the newcomer could not: no dev outbox, no settings
 * beyond PORT (the README names it), no storage put in the browser.
 *
 * What it takes from this checkout, to fit CI's budget: the clone is `git clone` of this
 * repository (its committed HEAD), but a real `npm install` from the registry takes minutes on
 * two cores, so the installed node_modules are hard-linked into the clone first (`cp -al`, the
 * same files, no copy); the README's `npm install` then runs for real on them, finds them up to
 * date and runs the prepare step, and `npm start` builds the web client and the supergraph in
 * the clone as on a first start. Slow (a minute or two): the build is part of what is tested.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ConsoleWatch, DESKTOP, ROOT, describeInBrowser, freePort, launchChromium, newEmail, until } from './harness';

jest.setTimeout(600_000);

/** The README's first command: the line of its "Two commands" block that starts the product. */
export function startCommandOf(readme: string): string {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Two commands'));
  const block = section?.match(/```sh\n([\s\S]*?)```/)?.[1] ?? '';
  const line = block.split('\n').find((l) => /\bnpm start\b/.test(l));
  if (!line) throw new Error("the README's Two commands section has no line with `npm start`");
  return line.replace(/#.*$/, '').trim();
}

/** node_modules directories of the checkout (the root's and each workspace's), relative to it. */
function installedModules(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === '.git' || entry.name === 'dist') continue;
      const rel = path.join(dir, entry.name);
      if (entry.name === 'node_modules') found.push(rel);
      else if (depth < 2) walk(rel, depth + 1);
    }
  };
  walk('.', 0);
  return found;
}

describeInBrowser('newcomer browser suite')('A newcomer: fresh clone, the README two commands, register, verify, check a brief', () => {
  let dir = '';
  let child: ChildProcess | null = null;
  let browser: Browser | null = null;
  let output = '';

  afterAll(async () => {
    await browser?.close();
    if (child?.pid && child.exitCode === null) {
      // npm start runs the product under npm and a shell: the whole group is stopped.
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          try {
            process.kill(-child!.pid!, 'SIGKILL');
          } catch {
            // gone already
          }
          resolve(undefined);
        }, 15_000);
        child!.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gets from `git clone` to the verdicts of the sample filing with only what the README says', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'citecheck-newcomer-'));
    const clone = path.join(dir, 'citecheck');
    execFileSync('git', ['clone', '--quiet', ROOT, clone]);
    for (const modules of installedModules(ROOT)) {
      if (!existsSync(path.join(clone, path.dirname(modules)))) continue;
      try {
        execFileSync('cp', ['-al', path.join(ROOT, modules), path.join(clone, modules)]);
      } catch {
        // Another filesystem (no hard links across devices): a real copy, slower.
        rmSync(path.join(clone, modules), { recursive: true, force: true });
        execFileSync('cp', ['-a', path.join(ROOT, modules), path.join(clone, modules)]);
      }
    }
    // npm rewrites its own record of the tree: a file of the clone's, not one shared with this checkout.
    const record = path.join(clone, 'node_modules', '.package-lock.json');
    if (existsSync(record)) {
      rmSync(record);
      copyFileSync(path.join(ROOT, 'node_modules', '.package-lock.json'), record);
    }
    expect(existsSync(path.join(clone, 'web', 'dist'))).toBe(false);

    const readme = readFileSync(path.join(clone, 'README.md'), 'utf8');
    const command = startCommandOf(readme);
    expect(command).toBe('npm install && npm start');
    // What the README tells a newcomer about the verification link, which this test follows.
    expect(readme).toMatch(/the link of every message \(verification,[^)]*\) is printed on the console `npm start` runs in/);

    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), OPS_PORT: String(await freePort()) };
    // The test runner's own settings are not the newcomer's.
    for (const name of Object.keys(env)) {
      if (/^(NODE_ENV|JEST_|DEV_MAIL_OUTBOX|STRIPE_|SENDGRID_|PUBLIC_URL|DATA_DIR|LOG_LEVEL|COURTLISTENER_|OPENAI_|npm_)/.test(name)) delete env[name];
    }
    const started = Date.now();
    child = spawn('sh', ['-c', command], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://localhost:${port}`;
    await until(
      `the product from the clone on ${url}`,
      async () => {
        if (child?.exitCode !== null) throw new Error(`npm start exited ${child?.exitCode}:\n${output.slice(-4000)}`);
        return (await fetch(`${url}/readyz`)).ok;
      },
      420_000,
      500,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n--- output ---\n${output.slice(-4000)}`);
    });
    console.log(`newcomer: npm install && npm start ready in ${Math.round((Date.now() - started) / 1000)} s`);
    expect(statSync(path.join(clone, 'web', 'dist', 'index.html')).isFile()).toBe(true);
    // The start banner says where mailed links go.
    expect(output).toContain('The link of each message (verification, sign-in, password reset) is printed below');

    browser = await launchChromium();
    const context = await browser.newContext(DESKTOP);
    context.setDefaultTimeout(30_000);
    const watch = new ConsoleWatch(context, 'newcomer');
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('heading', { name: 'Check Your Cites!' }).waitFor();
    await page.getByTestId('sample-upload').click();
    await page.getByTestId('get-started-new-user').click();
    const email = newEmail('newcomer');
    const registration = page.getByTestId('registration-dialog');
    await registration.getByLabel('Full name').fill('Nina Newcomer');
    await registration.getByLabel('Email').fill(email);
    await page.getByTestId('registration-submit').click();
    await page.getByTestId('registration-check-email').waitFor();

    // The link, where the README says it is: the console of `npm start`.
    const link = await until(`the verification link for ${email} on the console`, async () => {
      const at = output.indexOf(`[mail] to ${email}: Verify your email address`);
      return at < 0 ? null : (output.slice(at).match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0] ?? null);
    });
    const mailTab = await context.newPage();
    await mailTab.goto(link);
    await mailTab.locator('[data-testid=verify-email][data-state=success]').waitFor();

    // The held sample filing goes through in the first tab: the verdicts.
    await page.bringToFront();
    await page.getByTestId('results-section').waitFor({ timeout: 180_000 });
    expect(Number(await page.getByTestId('summary-total').innerText())).toBeGreaterThan(5);
    expect(watch.problems).toEqual([]);
  });
});

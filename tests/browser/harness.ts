/**
 * What the browser end-to-end suite needs around Chromium: the built web client, the product
 * in embedded mode as a child process (so the browser and the server never share the Jest
 * worker's event loop), signed-up users made through the real identity routes and dev outbox,
 * a console-error collector and screenshots.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, until, upload, verifiedUser } from '../src/pipeline-harness';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Page } from 'playwright-core';

export const ROOT = path.resolve(__dirname, '..', '..');
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(ROOT, 'artifacts', 'screenshots');
export const SAMPLE_PDF_PATH = path.join(ROOT, 'web', 'dist', 'sample-filing.pdf');

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const MOBILE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export function hasChromium(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/**
 * `describe` for a suite that needs Chromium; without it, `describe.skip`, after saying so
 * (`SKIPPED: <suite> ...`) on the console and on stderr, where a run's summary shows it.
 */
export function describeInBrowser(suite: string): jest.Describe {
  if (hasChromium()) return describe;
  const line = `SKIPPED: ${suite} (no Chromium at ${CHROMIUM_PATH})`;
  console.log(line);
  process.stderr.write(`${line}\n`);
  return describe.skip;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'public') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The suite drives the built client (web/dist). Builds it when it is missing or older than
 * the web sources, so a run never tests yesterday's client; `npm test` has built it already.
 */
export function ensureWebBuild(): void {
  const index = path.join(ROOT, 'web', 'dist', 'index.html');
  const missing = !existsSync(index) || !existsSync(SAMPLE_PDF_PATH);
  const stale = !missing && statSync(index).mtimeMs < newestMtime(path.join(ROOT, 'web'));
  if (!missing && !stale) return;
  console.log(`browser suite: web/dist is ${missing ? 'missing' : 'older than web/src'}; running npm run build`);
  try {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
  } catch (error) {
    const output = (error as { stdout?: Buffer; stderr?: Buffer }).stdout?.toString() + '\n' + ((error as { stderr?: Buffer }).stderr?.toString() ?? '');
    throw new Error(`The browser suite needs the built web client and 'npm run build' failed; run it at the repository root:\n${output.slice(-3000)}`);
  }
}

// Ports, polling and users through the API are shared with the system tests.
export { freePort, until };

export interface Product {
  url: string;
  /** The server's own output, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Embedded mode in a child process, exactly as `npm start` runs it (the tsx launcher), with a
 * fresh DATA_DIR, PUBLIC_URL pointing at itself (the verification links) and rate limits
 * raised so one machine can play several visitors. `extraEnv` adds settings a test needs
 * (for example COUPONS).
 */
export async function startProduct(extraEnv: Record<string, string> = {}): Promise<Product> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-browser-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'gateway/src/embedded.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_EMAIL: '1000',
      // Every page of every test visits from 127.0.0.1: the tracker's per-address limit too.
      TRACKING_RATE_LIMIT: '100000',
      // The tests read sign-up mail from the dev outbox, which exists only when enabled.
      DEV_MAIL_OUTBOX: 'true',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await until(
      `the product on ${url} (readyz)`,
      async () => {
        if (exitedEarly) throw new Error('exited');
        const ready = await fetch(`${url}/readyz`);
        return ready.ok;
      },
      90_000,
      250,
    );
  } catch (error) {
    await stop();
    throw new Error(`CiteCheck did not start (${(error as Error).message}). Server output:\n${output}`);
  }
  return { url, output: () => output, stop };
}

/** What every suite opens in its beforeAll: the built client, the product (`startProduct(env)`) and Chromium. */
export async function startSuite(env: Record<string, string> = {}): Promise<{ product: Product; browser: Browser }> {
  ensureWebBuild();
  const product = await startProduct(env);
  try {
    return { product, browser: await launchChromium() };
  } catch (error) {
    await product.stop();
    throw error;
  }
}

/** Closes what `startSuite` opened (either may be missing when the beforeAll failed). */
export async function stopSuite(product: Product | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await product?.stop();
}

/** Throws with every console error, page error and 5xx answer the watches saw. */
export function expectNoProblems(...watches: ConsoleWatch[]): void {
  const problems = watches.flatMap((w) => w.problems);
  if (problems.length > 0) throw new Error(`console errors, page errors or 5xx answers:\n  ${problems.join('\n  ')}`);
}

/**
 * Runs `run` in a new browser context labelled `label`, then fails on any console error, page
 * error or 5xx answer in it that `run` did not declare expected, and closes the context.
 * `expected` collects the expected console errors seen, for a suite's summary.
 */
export async function withContext(
  browser: Browser,
  options: BrowserContextOptions & { timeoutMs?: number; expected?: string[] },
  label: string,
  run: (context: BrowserContext, watch: ConsoleWatch) => Promise<void>,
): Promise<void> {
  const { timeoutMs = 20_000, expected, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  context.setDefaultTimeout(timeoutMs);
  const watch = new ConsoleWatch(context, label);
  try {
    await run(context, watch);
    expected?.push(...watch.allowed);
    expectNoProblems(watch);
  } finally {
    await context.close();
  }
}

let emails = 0;
/** A new address for each user a suite makes: `who` and a count, unique across runs. */
export const newEmail = (who: string): string => `${who}-${++emails}-${Date.now()}@example.com`;

// ------------------------------------------------------------------ users through the API


/**
 * The `/verify-email?token=` link of the newest e-mail to `email` in the dev outbox (the
 * verification mail, or with `subject` the newest mail whose subject matches, e.g. a sign-in link).
 */
export async function verificationLink(url: string, email: string, subject?: RegExp): Promise<string> {
  return until(`a ${subject ? `"${subject.source}"` : 'verification'} e-mail to ${email} in the dev outbox`, async () => {
    const response = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    if (!response.ok) throw new Error(`GET /api/dev/outbox: ${response.status}`);
    const mails = (await response.json()) as { subject?: string; text?: string; links?: string[] }[];
    for (const mail of mails) {
      if (subject && !subject.test(mail.subject ?? '')) continue;
      const link = [...(mail.links ?? []), ...(mail.text?.match(/https?:\/\/\S+/g) ?? [])].find((l) => l.includes('/verify-email?token='));
      if (link) return link;
    }
    return null;
  });
}

export interface OutboxMail {
  to: string;
  subject?: string;
  text?: string;
  links?: string[];
  createdAt?: string;
}

/** The dev outbox's mails to `email`, newest first. */
export async function mailsTo(url: string, email: string): Promise<OutboxMail[]> {
  const response = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`GET /api/dev/outbox: ${response.status}`);
  const mails = (await response.json()) as OutboxMail[];
  return mails.sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}

/** The first link of the newest mail to `email` whose subject matches, once it has arrived. */
export async function mailedLink(url: string, email: string, subject: RegExp, timeoutMs = 20_000): Promise<string> {
  return until(
    `an e-mail "${subject.source}" to ${email} in the dev outbox`,
    async () => {
      const mail = (await mailsTo(url, email)).find((m) => subject.test(m.subject ?? ''));
      return mail?.links?.[0] ?? null;
    },
    timeoutMs,
  );
}

/** Registers and verifies `email` through the REST routes; returns the session token. */
export const verifiedUserByApi = (url: string, email: string, name: string): Promise<string> => verifiedUser(url, email, name);

/** Signs a browser context in as the holder of `sessionToken`, as the verification link would. */
export async function signIn(context: BrowserContext, url: string, sessionToken: string): Promise<void> {
  await context.addCookies([{ name: 'citecheck_session', value: sessionToken, url }]);
}

export function uploadByApi(url: string, sessionToken: string, file: Buffer, filename: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return upload(url, sessionToken, file, filename, `api-${Date.now()}-${Math.random().toString(36).slice(2)}`);
}

export function samplePdf(): Buffer {
  return readFileSync(SAMPLE_PDF_PATH);
}

// ------------------------------------------------------------------ console and screenshots

export interface ExpectedConsoleError {
  /** Why this one is expected; printed in the summary. */
  reason: string;
  matches: (text: string, resourceUrl: string) => boolean;
}

/**
 * Every console error, uncaught page error and 5xx answer on every page of `context`.
 * `allow` names the few console errors a screen causes on purpose (for example the browser's
 * own "Failed to load resource" line for a 403 the product answers by design).
 */
export class ConsoleWatch {
  readonly problems: string[] = [];
  readonly allowed: string[] = [];
  private allow: ExpectedConsoleError[] = [];

  constructor(
    context: BrowserContext,
    private readonly label: string,
  ) {
    context.on('page', (page) => this.watch(page));
    for (const page of context.pages()) this.watch(page);
  }

  expect(error: ExpectedConsoleError) {
    this.allow.push(error);
  }

  private watch(page: Page) {
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error') return;
      const where = message.location()?.url ?? '';
      const expected = this.allow.find((a) => a.matches(message.text(), where));
      if (expected) this.allowed.push(`${this.label}: ${message.text()} (${expected.reason})`);
      else this.problems.push(`${this.label} ${safePath(page.url())}: console error: ${message.text()}${where ? ` [${where}]` : ''}`);
    });
    page.on('pageerror', (error) => this.problems.push(`${this.label} ${safePath(page.url())}: uncaught ${error.name}: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 500) this.problems.push(`${this.label}: ${response.request().method()} ${safePath(response.url())} answered ${response.status()}`);
    });
  }
}

function safePath(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

export const screenshotsTaken: string[] = [];

/** A viewport screenshot with `selector` scrolled to the top of the screen (or the page top). */
export async function screenshot(page: Page, name: string, selector?: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Instant scrolling (the page asks for smooth scrolling), with the element just below the
  // header when the header is sticky, so the shot shows what a reader sees there.
  await page.evaluate((sel) => {
    let top = 0;
    if (sel) {
      const el = document.querySelector(sel);
      if (!el) throw new Error(`screenshot: nothing matches ${sel}`);
      const header = document.querySelector('header');
      const sticky = header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().height : 0;
      top = el.getBoundingClientRect().top + window.scrollY - sticky - 12;
    }
    window.scrollTo({ top: Math.max(0, top), behavior: 'instant' });
  }, selector ?? null);
  // Two frames, so layout and paint have caught up with the scroll.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForTimeout(100);
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  screenshotsTaken.push(path.relative(ROOT, file));
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

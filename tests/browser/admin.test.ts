/**
 * The admin console at /metrics in Chromium against the product in embedded mode. A visitor
 * (its own browser context, its own client address) browses a few pages and checks the sample
 * filing; the admin then signs in (a wrong password first), finds that upload and those visits
 * on both tabs, blocks the visitor's address (the visitor's /api calls answer 403), unblocks
 * it, downloads the CSV of users, opens a report from the documents table and signs out.
 * axe-core checks every admin screen, on a desktop and a phone. Last, a browser that asks not
 * to be tracked (Do Not Track) sends the tracker nothing, where the same walk without it does.
 *
 * Both browsers run on this machine, so the server sees 127.0.0.1 for each; the product is
 * started with loopback as a trusted proxy (TRUSTED_PROXIES) and each context sends its own
 * X-Forwarded-For, exactly as a reverse proxy in front of the product would.
 */
import { readFileSync } from 'node:fs';
import { hashPassword } from '@citecheck/identity';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { describeViolation, runAxe } from './axe';
import {
  ConsoleWatch,
  DESKTOP,
  MOBILE,
  SAMPLE_PDF_PATH,
  describeInBrowser,
  parseCsv,
  screenshot,
  signIn,
  startSuite,
  stopSuite,
  until,
  verifiedUserByApi,
  type Product,
} from './harness';

jest.setTimeout(240_000);

const PROCESSING_TIMEOUT_MS = 90_000;

const ADMIN = { email: 'admin@citecheck.test', password: 'correct horse battery staple' };
/** Documentation addresses (RFC 5737): the visitor's, and the admin's own. */
const VISITOR_IP = '203.0.113.50';
const ADMIN_IP = '198.51.100.10';

/** Waits for the toast titled `title` (a newer toast replaces the one before). */
function toastTitled(page: Page, title: string): Promise<void> {
  return page.getByTestId('toast-title').filter({ hasText: new RegExp(`^${title}$`) }).waitFor();
}

/** The status a page's own fetch of `path` gets (the browser's cookies and forwarded address). */
function statusFrom(page: Page, path: string): Promise<number> {
  return page.evaluate((p) => fetch(p, { credentials: 'include' }).then((r) => r.status), path);
}

describeInBrowser('admin console browser suite')('Admin console (/metrics) in the browser', () => {
  let browser: Browser;
  let product: Product;
  const audited: string[] = [];
  const notes: string[] = [];

  beforeAll(async () => {
    ({ product, browser } = await startSuite({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD_HASH: await hashPassword(ADMIN.password),
      // Both browsers reach the product over loopback; loopback plays the operator's proxy.
      TRUSTED_PROXIES: '127.0.0.1,::1',
    }));
  }, 180_000);

  afterAll(async () => {
    await stopSuite(product, browser);
    console.log([`admin console suite: axe-core on ${audited.length} screen(s)`, ...audited.map((a) => `  ${a}`), ...notes.map((n) => `  note: ${n}`)].join('\n'));
  });

  async function audit(page: Page, label: string): Promise<void> {
    const results = await runAxe(page);
    audited.push(`${results.violations.length === 0 ? '✓' : '✗'} ${label}: ${results.violations.length} violation(s), ${results.passes.length} rule(s) passed`);
    if (results.violations.length > 0) throw new Error(`axe-core violations on ${label}:\n    ${results.violations.map(describeViolation).join('\n    ')}`);
  }

  /** A context whose every request arrives as from `ip` (the forwarded address the product trusts from loopback). */
  async function contextFrom(ip: string, options: BrowserContextOptions, label: string): Promise<{ context: BrowserContext; watch: ConsoleWatch }> {
    // bypassCSP: axe-core is injected as a script the product's Content-Security-Policy refuses.
    const context = await browser.newContext({ ...options, bypassCSP: true, extraHTTPHeaders: { 'X-Forwarded-For': ip } });
    context.setDefaultTimeout(20_000);
    return { context, watch: new ConsoleWatch(context, label) };
  }

  /**
   * Opens /metrics. The SPA answers it when the web port serves the client there; where the
   * port still answers /metrics with Prometheus text, the console is reached as a visitor
   * reaches it: the footer's Admin link on the home page.
   */
  async function openConsole(page: Page): Promise<void> {
    const direct = await fetch(`${product.url}/metrics`, { headers: { accept: 'text/html' } });
    if ((direct.headers.get('content-type') ?? '').includes('text/html')) {
      await page.goto(`${product.url}/metrics`);
    } else {
      const note = `GET /metrics on the web port answers ${direct.headers.get('content-type')}; the console was opened through the footer's Admin link`;
      if (!notes.includes(note)) notes.push(note);
      await page.goto(`${product.url}/`);
      await page.getByTestId('admin-link').click();
      await page.waitForURL(`${product.url}/metrics`);
    }
  }

  /** What sticks out past the viewport's right edge (nothing may: only a table's own region scrolls sideways). */
  function widerThanPhone(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= width) return [];
      const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1)
        // Inside a table's own scroll region is fine; so is what is fixed to the viewport (the toasts).
        .filter((el) => {
          for (let node: HTMLElement | null = el; node; node = node.parentElement) {
            if (node !== el && node.getAttribute('role') === 'region') return false;
            if (getComputedStyle(node).position === 'fixed') return false;
          }
          return true;
        })
        .slice(0, 8)
        .map((el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''}.${el.className} right=${Math.round(el.getBoundingClientRect().right)} (viewport ${width})`);
      return culprits.length > 0 ? culprits : [`the page is ${document.documentElement.scrollWidth} px wide (viewport ${width})`];
    });
  }

  it('signs in, shows both tabs with data made in this test, blocks and unblocks an IP, downloads the CSV, signs out', async () => {
    // ------------------------------------------------------------------ a visitor uses the product
    const visitorEmail = `visitor.${Date.now()}@example.com`;
    const token = await verifiedUserByApi(product.url, visitorEmail, 'Vera Visitor');
    const { context: visitorContext, watch: visitorWatch } = await contextFrom(VISITOR_IP, DESKTOP, 'visitor');
    // The block makes the visitor's own calls answer 403 on purpose; the browser logs each.
    visitorWatch.expect({ reason: "the visitor's address is blocked", matches: (text) => /status of 403/.test(text) });
    await signIn(visitorContext, product.url, token);
    const admin = await contextFrom(ADMIN_IP, DESKTOP, 'admin');
    try {
      const visitor = await visitorContext.newPage();
      const tracked: string[] = [];
      visitor.on('request', (request) => {
        if (request.url().includes('/api/track-')) tracked.push(new URL(request.url()).pathname);
      });
      await visitor.goto(`${product.url}/`);
      await visitor.getByTestId('account-menu').filter({ hasText: 'Vera Visitor' }).waitFor();
      // A few pages, by the router and by loading them (each a page view), then home for the upload.
      await visitor.evaluate(() => {
        window.history.pushState({}, '', '/verify-email');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await visitor.getByTestId('verify-email').waitFor();
      await visitor.goto(`${product.url}/not-a-page`);
      await visitor.getByTestId('not-found').waitFor();
      await visitor.goto(`${product.url}/`);
      await visitor.getByTestId('upload-input').setInputFiles(SAMPLE_PDF_PATH);
      await visitor.locator('[data-testid=progress-card][data-status=complete]').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
      await visitor.getByTestId('results-section').waitFor();
      await until('the tracker to record the visits', async () => tracked.filter((p) => p === '/api/track-page-view').length >= 3 || null, 10_000);
      expect(tracked).toContain('/api/track-visitor');

      // ------------------------------------------------------------------ the admin signs in
      const page = await admin.context.newPage();
      await openConsole(page);
      const login = page.getByTestId('admin-login');
      await login.waitFor();
      await audit(page, 'admin login');

      // Both fields are required: an empty password sends nothing.
      let loginCalls = 0;
      page.on('request', (request: Request) => {
        if (request.url().endsWith('/graphql') && (request.postData() ?? '').includes('AdminLogin')) loginCalls += 1;
      });
      await page.getByTestId('admin-email').fill(ADMIN.email);
      await page.getByTestId('admin-login-submit').click();
      expect(await page.getByTestId('admin-password').evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
      expect(loginCalls).toBe(0);

      await page.getByTestId('admin-password').fill('not the password');
      await page.getByTestId('admin-login-submit').click();
      await expect(page.getByTestId('admin-login-error').innerText()).resolves.toBe('Invalid email or password');
      expect(await page.getByTestId('admin-email').inputValue()).toBe('');
      expect(await page.getByTestId('admin-password').inputValue()).toBe('');
      await audit(page, 'admin login, wrong password');

      await page.getByTestId('admin-email').fill(ADMIN.email);
      await page.getByTestId('admin-password').fill(ADMIN.password);
      await page.getByTestId('admin-login-submit').click();
      await page.getByTestId('admin-dashboard').waitFor();
      // The browser keeps no credentials: the session is an httpOnly cookie.
      const storage = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }) + document.cookie);
      expect(storage).not.toContain(ADMIN.password);
      const adminCookie = (await admin.context.cookies()).find((cookie) => cookie.name === 'citecheck_admin');
      expect(adminCookie?.httpOnly).toBe(true);

      // ------------------------------------------------------------------ Usage Metrics
      await expect(page.getByRole('tab', { name: 'Usage Metrics' }).getAttribute('aria-selected')).resolves.toBe('true');
      await page.getByTestId('stat-total-documents').waitFor();
      expect(Number(await page.getByTestId('stat-total-documents').innerText())).toBeGreaterThanOrEqual(1);
      expect(Number(await page.getByTestId('stat-total-citations').innerText())).toBeGreaterThan(0);
      await expect(page.getByTestId('stat-cost').innerText()).resolves.toMatch(/^\$3\d\d\.\d{2}/);
      const record = page.getByTestId('usage-record').filter({ hasText: 'sample-filing.pdf' });
      await record.first().waitFor();
      expect(await record.first().innerText()).toContain(visitorEmail);
      // Analytics keeps the uploader's network only (its /24), the forwarded address's.
      await expect(record.first().getByTestId('usage-record-ip').innerText()).resolves.toBe(VISITOR_IP.replace(/\.\d+$/, '.0/24'));
      await page.locator(`[data-testid=user-row][data-email="${visitorEmail}"]`).waitFor();
      const documentRow = page.getByTestId('document-row').filter({ hasText: 'sample-filing.pdf' }).first();
      await documentRow.waitFor();
      expect(await documentRow.getByTestId('document-user').innerText()).toContain('Vera Visitor');
      const reportHref = await documentRow.getByTestId('document-report-link').getAttribute('href');
      expect(reportHref).toMatch(/^\/report\/[\w-]+$/);
      await page.getByTestId('daily-usage-chart').locator('svg').first().waitFor();
      await screenshot(page, 'admin-usage-desktop', '[data-testid=admin-dashboard]');
      await screenshot(page, 'admin-usage-records-desktop', '[data-testid=usage-records]');
      await screenshot(page, 'admin-users-documents-desktop', '[data-testid=users-table]');
      await audit(page, 'admin usage metrics');

      // The delete confirmation, then Cancel: nothing is deleted.
      await page.locator(`[data-testid=user-row][data-email="${visitorEmail}"]`).getByTestId('delete-user').click();
      await page.getByTestId('delete-user-dialog').waitFor();
      await audit(page, 'admin delete-user confirmation');
      await page.keyboard.press('Escape');
      await page.getByTestId('delete-user-dialog').waitFor({ state: 'detached' });
      expect(await page.locator(`[data-testid=user-row][data-email="${visitorEmail}"]`).count()).toBe(1);

      // ------------------------------------------------------------------ CSV of users
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-users-csv').click()]);
      expect(download.suggestedFilename()).toBe('user_registrations.csv');
      const csvPath = await download.path();
      const rows = parseCsv(readFileSync(csvPath, 'utf8').replace(/^\uFEFF/, ''));
      expect(rows[0].map((cell) => cell.toLowerCase())).toEqual(expect.arrayContaining(['name', 'email']));
      expect(rows.some((row) => row.includes(visitorEmail))).toBe(true);
      await toastTitled(page, 'Download Complete');
      notes.push(`user_registrations.csv header: ${rows[0].join(',')}`);

      // ------------------------------------------------------------------ Visitor Analytics
      await page.getByRole('tab', { name: 'Visitor Analytics' }).click();
      await page.getByTestId('stat-total-visitors').waitFor();
      expect(Number(await page.getByTestId('stat-total-visitors').innerText())).toBeGreaterThanOrEqual(1);
      expect(Number(await page.getByTestId('stat-page-views').innerText())).toBeGreaterThanOrEqual(3);
      const pages = await page.getByTestId('top-pages-row').locator('th').allInnerTexts();
      expect(pages).toEqual(expect.arrayContaining(['/', '/verify-email']));
      expect(await page.getByTestId('top-browsers-row').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/^Chrome/)]));
      // A documentation address has no country: it is counted as Unknown.
      expect(await page.getByTestId('top-countries-row').locator('th').allInnerTexts()).toContain('Unknown');
      await page.getByTestId('daily-visitors-chart').locator('svg').first().waitFor();
      // The range defaults to the last 30 days through today.
      const start = await page.getByTestId('analytics-start-date').inputValue();
      const end = await page.getByTestId('analytics-end-date').inputValue();
      expect(Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000)).toBe(30);
      await screenshot(page, 'admin-visitors-desktop', '[data-testid=admin-dashboard]');
      await audit(page, 'admin visitor analytics');

      // ------------------------------------------------------------------ block, then unblock, the visitor
      expect(await statusFrom(visitor, '/api/usage-stats')).toBe(200);
      await page.getByTestId('block-ip-address').fill(VISITOR_IP);
      await page.getByTestId('block-ip-reason').fill('browser test');
      await page.getByTestId('block-ip-submit').click();
      await toastTitled(page, 'IP Blocked');
      await page.locator(`[data-testid=blacklist-row][data-ip="${VISITOR_IP}"]`).waitFor();
      const blockedAt = Date.now();
      await until('the blocked visitor to be refused on /api', async () => ((await statusFrom(visitor, '/api/usage-stats')) === 403 ? true : null), 15_000, 100);
      notes.push(`the block took effect for the visitor's /api calls within ${Date.now() - blockedAt} ms`);
      expect(await statusFrom(visitor, '/api/auth/status')).toBe(403);
      // The admin, at another address, carries on.
      expect(await statusFrom(page, '/api/usage-stats')).toBe(200);
      await screenshot(page, 'admin-blacklist-desktop', '[data-testid=blacklist]');
      await audit(page, 'admin visitor analytics with a blocked IP');

      await page.locator(`[data-testid=blacklist-row][data-ip="${VISITOR_IP}"]`).getByTestId('unblock-ip').click();
      await toastTitled(page, 'IP Unblocked');
      await page.locator(`[data-testid=blacklist-row][data-ip="${VISITOR_IP}"]`).waitFor({ state: 'detached' });
      await until('the unblocked visitor to be served again', async () => ((await statusFrom(visitor, '/api/usage-stats')) === 200 ? true : null), 15_000, 100);

      // ------------------------------------------------------------------ the admin's own actions, audited
      await page.getByRole('tab', { name: 'Usage Metrics' }).click();
      await page.locator('[data-testid=audit-entry][data-action="ip.unblock"]').waitFor();
      const actions = await page.getByTestId('audit-entry').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-action')));
      expect(actions).toEqual(expect.arrayContaining(['admin.login_failed', 'admin.login', 'users.download', 'ip.block', 'ip.unblock']));
      await screenshot(page, 'admin-audit-log-desktop', '[data-testid=audit-log]');
      await audit(page, 'admin usage metrics with admin activity');

      // ------------------------------------------------------------------ a report from the documents table
      await page.getByTestId('document-row').filter({ hasText: 'sample-filing.pdf' }).first().getByTestId('document-report-link').click();
      await page.waitForURL(`${product.url}${reportHref}`);
      await page.getByTestId('report-page').waitFor();
      // A missing report sends the admin back to the console.
      admin.watch.expect({ reason: 'the report asked for does not exist', matches: (text, where) => /status of 404/.test(text) && where.includes('/api/reports/') });
      await page.goto(`${product.url}/report/00000000000000000000000000000000`);
      await page.getByTestId('report-not-found').waitFor();
      await until('the admin back link', async () => ((await page.getByTestId('report-back-link').getAttribute('href')) === '/metrics' ? true : null), 10_000);
      await page.getByTestId('report-back-link').click();
      await page.getByTestId('admin-dashboard').waitFor();

      // ------------------------------------------------------------------ logout
      await page.getByTestId('admin-logout').click();
      await page.getByTestId('admin-login').waitFor();
      await toastTitled(page, 'Logged out');
      // A fresh load asks the server again: the session ended there, not only in this tab.
      await openConsole(page);
      await page.getByTestId('admin-login').waitFor();
      expect(await page.getByTestId('admin-dashboard').count()).toBe(0);

      if (admin.watch.problems.length > 0) throw new Error(`admin: ${admin.watch.problems.join('\n  ')}`);
      if (visitorWatch.problems.length > 0) throw new Error(`visitor: ${visitorWatch.problems.join('\n  ')}`);
    } finally {
      await visitorContext.close();
      await admin.context.close();
    }
  });

  it('fits a phone: both tabs without sideways scrolling, and axe-clean', async () => {
    const { context, watch } = await contextFrom(ADMIN_IP, MOBILE, 'admin phone');
    try {
      const page = await context.newPage();
      await openConsole(page);
      await page.getByTestId('admin-login').waitFor();
      await audit(page, 'admin login (phone)');
      await page.getByTestId('admin-email').fill(ADMIN.email);
      await page.getByTestId('admin-password').fill(ADMIN.password);
      await page.getByTestId('admin-login-submit').click();
      await page.getByTestId('admin-dashboard').waitFor();
      await page.getByTestId('stat-total-documents').waitFor();
      // Loaded (with the first test's rows when the whole file runs).
      await page.getByTestId('documents-table').getByRole('region').waitFor();
      await screenshot(page, 'admin-usage-mobile', '[data-testid=admin-dashboard]');
      expect(await widerThanPhone(page)).toEqual([]);
      await audit(page, 'admin usage metrics (phone)');
      // Keyboard: the arrow key moves to the other tab.
      await page.getByRole('tab', { name: 'Usage Metrics' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Visitor Analytics' }).getAttribute('aria-selected')).resolves.toBe('true');
      await page.getByTestId('stat-total-visitors').waitFor();
      expect(await widerThanPhone(page)).toEqual([]);
      await audit(page, 'admin visitor analytics (phone)');
      await page.getByTestId('admin-logout').click();
      await page.getByTestId('admin-login').waitFor();
      if (watch.problems.length > 0) throw new Error(watch.problems.join('\n  '));
    } finally {
      await context.close();
    }
  });

  it('sends the tracker nothing when the browser asks not to be tracked, and does without', async () => {
    /** Walks three pages in a fresh context and counts the tracker's requests. */
    async function walk(doNotTrack: boolean): Promise<string[]> {
      const context = await browser.newContext({ ...DESKTOP, ...(doNotTrack ? { extraHTTPHeaders: { DNT: '1' } } : {}) });
      if (doNotTrack) {
        // What Chromium's "Send a Do Not Track request" setting exposes to the page.
        await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1', configurable: true }));
      }
      const sent: string[] = [];
      context.on('request', (request) => {
        if (request.url().includes('/api/track-')) sent.push(new URL(request.url()).pathname);
      });
      try {
        const page = await context.newPage();
        await page.goto(`${product.url}/`);
        await page.getByTestId('upload-input').waitFor({ state: 'attached' });
        await page.getByTestId('admin-link').click();
        await page.getByTestId('admin-login').waitFor();
        await page.goBack();
        await page.getByTestId('upload-input').waitFor({ state: 'attached' });
        // Past the tracker's 100 ms route-change delay, then the exit beacon of a closing page.
        await page.waitForTimeout(500);
        await page.close({ runBeforeUnload: true });
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        await context.close();
      }
      return sent;
    }
    const withoutDnt = await walk(false);
    expect(withoutDnt).toContain('/api/track-visitor');
    expect(withoutDnt.filter((p) => p === '/api/track-page-view').length).toBeGreaterThanOrEqual(3);
    expect(await walk(true)).toEqual([]);
  });
});

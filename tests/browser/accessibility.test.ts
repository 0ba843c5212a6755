/**
 * Accessibility of the lawyer-facing client, checked by axe-core (WCAG 2.0/2.1 level A and AA
 * rules: labels, names, contrast, landmarks, ARIA, plus the heading-order and region rules) in a real browser against the product in
 * embedded mode. Keyboard reach and focus trapping are driven by citecheck.test.ts; this file
 * covers what a keyboard walk cannot see.
 *
 * Pages: the home page (desktop and a 390x844 phone) and its upload refusal, the Get Started,
 * registration (also with an error toast) and sign-in dialogs, the results after a real upload
 * of the sample filing and its case opinion dialog, the shared report signed out,
 * /verify-email and /reset-password without a token, and 'Page Not Found'.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { AXE_TAGS, AXE_VERSION, EXTRA_RULES, describeViolation, runAxe } from './axe';
import {
  ConsoleWatch,
  DESKTOP,
  MOBILE,
  describeInBrowser,
  newEmail,
  signIn,
  startSuite,
  stopSuite,
  verifiedUserByApi,
  withContext as withBrowserContext,
  type Product,
} from './harness';

jest.setTimeout(120_000);

const PROCESSING_TIMEOUT_MS = 60_000;

describeInBrowser('accessibility suite')('CiteCheck accessibility (axe-core, WCAG 2 A/AA)', () => {
  let product: Product;
  let browser: Browser;
  const started = Date.now();
  const summaries: string[] = [];
  const expectedConsole: string[] = [];
  /** Violations, one entry per page that has any. */
  const failures: string[] = [];
  let reportId: string | null = null;

  beforeAll(async () => {
    ({ product, browser } = await startSuite());
  }, 300_000);

  afterAll(async () => {
    await stopSuite(product, browser);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log([`accessibility suite: ${summaries.length} page(s) checked in ${seconds} s (axe-core ${AXE_VERSION}: ${AXE_TAGS.join(', ')} + ${EXTRA_RULES.join(', ')})`, ...summaries.map((s) => `  ${s}`), `  expected console errors: ${expectedConsole.length ? expectedConsole.join('; ') : 'none'}`].join('\n'));
  }, 60_000);

  /** Runs axe on `page` as it is now; records a one-line summary and any violations. */
  async function audit(page: Page, label: string): Promise<void> {
    const results = await runAxe(page);
    const violations = results.violations;
    const nodes = violations.reduce((sum, v) => sum + v.nodes.length, 0);
    summaries.push(
      `${violations.length === 0 ? '✓' : '✗'} ${label}: ${violations.length} violation(s)${violations.length ? ` on ${nodes} node(s) [${violations.map((v) => v.id).join(', ')}]` : ''}, ${results.passes.length} rule(s) passed`,
    );
    if (violations.length > 0) failures.push(`${label} (${new URL(page.url()).pathname}):\n    ${violations.map(describeViolation).join('\n    ')}`);
  }

  function expectNoViolations(...labels: string[]) {
    const mine = failures.filter((f) => labels.some((l) => f.startsWith(`${l} (`)));
    if (mine.length > 0) throw new Error(`axe-core found WCAG 2 A/AA violations:\n  ${mine.join('\n  ')}`);
  }

  // axe-core is injected as a script the product's Content-Security-Policy rightly refuses;
  // the audit's own context lets it in (the pages' own scripts are checked as served).
  const withContext = (options: BrowserContextOptions, label: string, run: (context: BrowserContext, watch: ConsoleWatch) => Promise<void>) =>
    withBrowserContext(browser, { ...options, bypassCSP: true, expected: expectedConsole }, label, run);

  it('home page (desktop, phone) and the Get Started, registration and sign-in dialogs', async () => {
    const labels = [
      'home (desktop)',
      'home (phone 390x844)',
      'Get Started dialog',
      'registration dialog',
      'sign-in dialog',
      'upload rejection',
      'registration dialog with error toast',
    ];
    await withContext(DESKTOP, 'desktop', async (context) => {
      const page = await context.newPage();
      await page.goto(product.url);
      await page.getByRole('heading', { name: 'Check Your Cites!' }).waitFor();
      await page.getByTestId('header-sign-in').waitFor();
      await page.getByTestId('usage-counter').waitFor();
      await audit(page, labels[0]);

      // A file the product does not take, dropped on the upload area: the refusal message.
      await page.evaluate(() => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(['not a brief'], 'notes.txt', { type: 'text/plain' }));
        const zone = document.querySelector('[data-testid=upload-dropzone]')!;
        for (const kind of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(kind, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      });
      await page.locator('[data-testid=upload-rejection][data-code=file-invalid-type]').waitFor();
      await audit(page, labels[5]);

      await page.getByTestId('sample-upload').click();
      await page.getByTestId('get-started-dialog').waitFor();
      await audit(page, labels[2]);
      await page.getByTestId('get-started-new-user').click();
      await page.getByTestId('registration-dialog').waitFor();
      await audit(page, labels[3]);
      // A validation message is a destructive toast over the dialog.
      const registration = page.getByTestId('registration-dialog');
      await registration.getByLabel('Full name').fill('Ada Audit');
      await registration.getByLabel('Email').fill('ada-at-example');
      await page.getByTestId('registration-submit').click();
      await page.getByTestId('toast-title').filter({ hasText: 'Invalid Email' }).waitFor();
      await audit(page, labels[6]);
      await page.keyboard.press('Escape');
      await page.getByTestId('registration-dialog').waitFor({ state: 'detached' });

      await page.getByTestId('header-sign-in').click();
      await page.getByTestId('auth-dialog').waitFor();
      await audit(page, labels[4]);
    });
    await withContext(MOBILE, 'phone', async (context) => {
      const page = await context.newPage();
      await page.goto(product.url);
      await page.getByTestId('sample-upload').waitFor();
      await page.getByTestId('usage-counter').waitFor();
      await audit(page, labels[1]);
    });
    expectNoViolations(...labels);
  });

  it('the results of a real upload of the sample filing, and its report signed out', async () => {
    const labels = ['results after upload', 'case opinion dialog', 'report signed out'];
    const token = await verifiedUserByApi(product.url, newEmail('axe.results'), 'Ada Audit');
    await withContext(DESKTOP, 'results', async (context) => {
      // Without a CourtListener token there are no opinion texts: the dialog shows the case's
      // details and a link instead, and no request fails (any console error fails the audit).
      await signIn(context, product.url, token);
      const page = await context.newPage();
      await page.goto(product.url);
      await page.getByTestId('account-menu').filter({ hasText: 'Ada Audit' }).waitFor();
      const reportResponse = page.waitForResponse(
        (r) => r.request().method() === 'POST' && /^\/api\/documents\/[^/]+\/report$/.test(new URL(r.url()).pathname),
        { timeout: PROCESSING_TIMEOUT_MS },
      );
      reportResponse.catch(() => undefined);
      await page.getByTestId('sample-upload').click();
      await page.locator('[data-testid=progress-card][data-status=complete]').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
      await page.getByTestId('results-section').waitFor();
      await page.getByTestId('citation-row').first().waitFor();
      reportId = ((await (await reportResponse).json()) as { report: { id: string } }).report.id;
      await audit(page, labels[0]);
      // A case the demo index holds, so the dialog shows its details.
      await page.locator('[data-testid=citation-row][data-status=valid] [data-testid=view-opinion-button]').first().click();
      await page.getByTestId('opinion-dialog').waitFor();
      await audit(page, labels[1]);
    });
    if (!reportId) throw new Error('the upload produced no report id');
    await withContext(DESKTOP, 'report', async (context) => {
      const page = await context.newPage();
      await page.goto(`${product.url}/report/${reportId}`);
      await page.getByTestId('report-page').waitFor();
      await page.getByTestId('report-citation').first().waitFor();
      await audit(page, labels[2]);
    });
    expectNoViolations(...labels);
  });

  it('/verify-email and /reset-password without a token, and Page Not Found', async () => {
    const labels = ['verify-email without token', 'reset-password without token', 'not found'];
    await withContext(DESKTOP, 'pages', async (context) => {
      const page = await context.newPage();
      await page.goto(`${product.url}/verify-email`);
      await page.locator('[data-testid=verify-email][data-state=invalid]').waitFor();
      await audit(page, labels[0]);
      await page.goto(`${product.url}/reset-password`);
      await page.locator('[data-testid=reset-password][data-state=invalid]').waitFor();
      await audit(page, labels[1]);
      await page.goto(`${product.url}/no-such-page`);
      await page.getByTestId('not-found').waitFor();
      await audit(page, labels[2]);
    });
    expectNoViolations(...labels);
  });
});

/**
 * Quotations on the report page, in Chromium against the product in embedded mode with a
 * case-law index imported from a bulk snapshot that carries opinion texts (the opinions file,
 * as `caselaw import` reads it). A premium lawyer uploads a Word brief through the home page
 * that quotes Smith v. Jones twice, once as the opinion says it and once with "did not require"
 * made "required", opens the report from the dashboard, and sees under the citation a badge
 * per quotation and, for the altered one, the brief's words and the opinion's with the changed
 * words marked: at 1280 px and at 390 px, without the page scrolling sideways.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { importBulkData } from '@citecheck/caselaw';
import { writeSnapshotFolder } from '@citecheck/caselaw/testing/bulk-snapshot';
import { makeDocx } from '../src/pipeline-fixtures';
import { DESKTOP, MOBILE, describeInBrowser, newEmail, screenshot, signIn, startSuite, stopSuite, verificationLink, withContext, type Product } from './harness';

jest.setTimeout(240_000);

const COUPON = 'QUOTES';

const BRIEF = [
  'ARGUMENT',
  'On summary judgment a court "may not weigh the credibility of witnesses." Smith v. Jones, 925 F.3d 1320, 1321 (11th Cir. 2019).',
  'The court held that "[t]he contract required the buyer to give notice within thirty days." Smith, 925 F.3d at 1321.',
];

/** A premium account as the coupon sign-up makes one (register, coupon, password, verified), through the API. */
async function premiumOwner(url: string, email: string, name: string): Promise<string> {
  const jar = new Map<string, string>();
  const call = async (route: string, init: RequestInit = {}) => {
    const response = await fetch(`${url}${route}`, { ...init, headers: { 'content-type': 'application/json', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  await call('/api/register/free', { method: 'POST', body: JSON.stringify({ name, email, newsletterOptIn: false }) });
  await call('/api/apply-coupon', { method: 'POST', body: JSON.stringify({ email, couponCode: COUPON }) });
  await call('/api/set-coupon-password', { method: 'POST', body: JSON.stringify({ email, password: 'a long coupon password' }) });
  const token = new URL(await verificationLink(url, email)).searchParams.get('token')!;
  await call(`/api/verify-email?token=${encodeURIComponent(token)}`);
  // Signed in with the password: the dashboard opens only to a password session.
  return (await call('/api/auth/login', { method: 'POST', body: JSON.stringify({ email, password: 'a long coupon password' }) })).sessionToken as string;
}

/** Nothing wider than the window: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

/** The altered quotation's card: its badge, message and both sides' changed words, each inside the window. */
async function expectAlteredShown(page: Page, width: number): Promise<void> {
  const altered = page.locator('[data-testid=report-quote][data-status=altered]');
  await altered.waitFor();
  expect(await altered.getByTestId('quote-status').innerText()).toBe('Altered quotation');
  expect(await altered.getByTestId('quote-message').innerText()).toMatch(/^The opinion's words differ \(page 1321\)/);
  const opinionChanged = await altered.getByTestId('quote-diff-opinion').locator('mark').allInnerTexts();
  expect(opinionChanged.join(' ')).toMatch(/not/);
  expect(await altered.getByTestId('quote-diff-brief').locator('mark').count()).toBeGreaterThan(0);
  // On a phone each side's label stands above its words; on a desktop beside them.
  const label = await altered.locator('dt', { hasText: 'The opinion' }).boundingBox();
  const words = await altered.getByTestId('quote-diff-opinion').boundingBox();
  if (width < 768) expect(label!.y + label!.height).toBeLessThanOrEqual(words!.y + 1);
  else expect(label!.x + label!.width).toBeLessThanOrEqual(words!.x + 1);
  for (const box of [await altered.boundingBox(), await altered.getByTestId('quote-diff-opinion').boundingBox()]) {
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
  const verified = page.locator('[data-testid=report-quote][data-status=verified]');
  expect(await verified.getByTestId('quote-status').innerText()).toBe('Quotation verified');
  expect(await verified.getByTestId('quote-opinion').innerText()).toContain('may not weigh the "credibility" of witnesses');
  expect(await page.getByTestId('summary-quotes-altered').innerText()).toBe('1');
  expect(await page.getByTestId('summary-quotes-not-found').innerText()).toBe('0');
  await expectNoSidewaysScroll(page);
}

describeInBrowser('browser quotations suite')('quotations on the report page', () => {
  let product: Product;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'citecheck-quotes-index-'));
    const bulk = writeSnapshotFolder(path.join(dir, 'bulk'));
    const index = path.join(dir, 'caselaw.sqlite');
    await importBulkData([bulk], { indexPath: index, authoritative: true });
    ({ product, browser } = await startSuite({ COUPONS: `${COUPON}:premium`, CASELAW_INDEX_PATH: index }));
  }, 300_000);

  afterAll(async () => {
    await stopSuite(product, browser);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a brief with an altered quotation: the report shows the change at 1280 px and at 390 px', async () => {
    const token = await premiumOwner(product.url, newEmail('quinn.quotes'), 'Quinn Quotes');
    let reportUrl = '';
    await withContext(browser, { ...DESKTOP, timeoutMs: 30_000 }, 'report at 1280 px', async (context) => {
      await signIn(context, product.url, token);
      const page = await context.newPage();
      await page.goto(product.url);
      await page.getByTestId('account-menu').filter({ hasText: 'Quinn Quotes' }).waitFor();
      await page.getByTestId('upload-input').setInputFiles({ name: 'opposition.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await makeDocx(BRIEF) });
      await page.locator('[data-testid=progress-card][data-status=complete]').waitFor({ timeout: 120_000 });
      await page.getByTestId('results-section').waitFor();
      // The results right after the upload already say a quotation was altered.
      const tallies = await page.getByTestId('citation-quotes').allInnerTexts();
      expect(tallies.some((t) => /\b1 altered\b/.test(t))).toBe(true);
      expect(await page.getByTestId('summary-quotes-altered').innerText()).toBe('1');
      // From the dashboard, as a lawyer gets to a report.
      await page.getByTestId('account-menu').click();
      await page.getByTestId('account-menu-dashboard').click();
      await page.waitForURL(/\/dashboard$/);
      await page.getByTestId('document-view-report').click();
      await page.waitForURL(/\/report\/[^/]+$/);
      reportUrl = page.url();
      await page.getByTestId('report-quotes').first().waitFor();
      await expectAlteredShown(page, 1280);
      await screenshot(page, 'quotations-report-1280', '[data-testid=report-quotes]');
    });
    await withContext(browser, { ...MOBILE, timeoutMs: 30_000 }, 'report at 390 px', async (context) => {
      await signIn(context, product.url, token);
      const page = await context.newPage();
      await page.goto(reportUrl);
      await page.getByTestId('report-quotes').first().waitFor();
      await expectAlteredShown(page, 390);
      await screenshot(page, 'quotations-report-390', '[data-testid=report-quote][data-status=altered]');
    });
  });
});

/**
 * The screens of two security flows, in Chromium against the product in embedded mode:
 *
 *  1. Signing in with an e-mail alone from a browser that never proved the address ends on
 *     'Check Your Email' with a sign-in link, not an error; the link opened signs the browser
 *     in and says so.
 *  2. A long scan being read can be cancelled from the processing card; the tab says once that
 *     it was cancelled.
 */
import type { Browser, Page } from 'playwright-core';
import { blankScanPdf } from '../src/pipeline-fixtures';
import {
  DESKTOP,
  describeInBrowser,
  newEmail,
  signIn,
  startSuite,
  stopSuite,
  verificationLink,
  verifiedUserByApi,
  withContext,
  type Product,
} from './harness';

jest.setTimeout(180_000);

describeInBrowser('browser security-screens suite')('security screens', () => {
  let product: Product;
  let browser: Browser;

  beforeAll(async () => {
    ({ product, browser } = await startSuite());
  }, 300_000);

  afterAll(() => stopSuite(product, browser), 60_000);

  const inDesktop = (label: string, run: Parameters<typeof withContext>[3]) => withContext(browser, { ...DESKTOP, timeoutMs: 30_000 }, label, run);

  it('an e-mail-only sign-in from a new browser shows Check Your Email, and the mailed link signs in', async () => {
    const email = newEmail('lee.link');
    await verifiedUserByApi(product.url, email, 'Lee Link');
    await inDesktop('sign-in link', async (context, watch) => {
      watch.expect({ reason: "the login's 403 'check_email' answer, by design", matches: (text) => /status of 403/.test(text) });
      watch.expect({ reason: 'the used link opened again: 400, by design', matches: (text, where) => /status of 400/.test(text) && where.includes('/api/verify-email') });
      const page = await context.newPage();
      await page.goto(product.url);
      await page.getByTestId('header-sign-in').click();
      const form = page.locator('[data-testid=auth-form][data-mode=login]');
      await form.getByLabel('Email').fill(email);
      await page.getByTestId('auth-submit').click();
      const sent = page.getByTestId('auth-sign-in-link-sent');
      await sent.waitFor();
      expect(await sent.innerText()).toBe(`We sent a sign-in link to ${email}. Open it to continue.`);
      expect(await page.getByTestId('auth-error').count()).toBe(0);

      const link = await verificationLink(product.url, email, /Sign in to CiteCheck/);
      await page.goto(link);
      await page.locator('[data-testid=verify-email][data-state=signed-in]').waitFor();
      expect(await page.getByTestId('verify-signed-in').innerText()).toBe('Welcome back, Lee Link! You are signed in to CiteCheck on this device.');
      await page.getByTestId('account-menu').filter({ hasText: 'Lee Link' }).waitFor();
      // The same link again: used. This browser is signed in to the verified address, so the
      // page says so instead of 'failed' (a second click is not a failure).
      await page.goto(link);
      await page.locator('[data-testid=verify-email][data-state=used]').waitFor();
      expect(await page.getByTestId('verify-used').innerText()).toBe('This link was used already: your email address is verified and you are signed in.');
    });
  });

  it('cancels a scan being read from the processing card', async () => {
    const token = await verifiedUserByApi(product.url, newEmail('sam.scan'), 'Sam Scan');
    const scan = await blankScanPdf(2000);
    await inDesktop('cancel', async (context, watch) => {
      watch.expect({ reason: "the upload's 422 answer for a cancelled document, by design", matches: (text) => /status of 422/.test(text) });
      await signIn(context, product.url, token);
      const page: Page = await context.newPage();
      await page.goto(product.url);
      await page.getByTestId('account-menu').filter({ hasText: 'Sam Scan' }).waitFor();
      await page.getByTestId('upload-input').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: scan });
      const cancel = page.getByTestId('cancel-document');
      await cancel.waitFor();
      await cancel.click();
      await page.getByTestId('toast-title').filter({ hasText: 'Document Cancelled' }).waitFor();
      expect(await page.getByTestId('toast-description').innerText()).toBe('Reading this document was cancelled.');
      // The card is gone and the upload card takes a new file.
      await page.getByTestId('progress-card').waitFor({ state: 'detached' });
      expect(await page.getByTestId('choose-file-button').isDisabled()).toBe(false);
    });
  });
});

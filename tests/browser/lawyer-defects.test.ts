/**
 * What a lawyer hit on the way from sign-up to verdicts, each checked in Chromium against the
 * product in embedded mode (no CourtListener token, the demo case-law index):
 *
 *  1. On a 375 px phone the results reflow into one card per citation: nothing scrolls sideways,
 *     neither the page nor the table; context snippets are whole words; court ids are names.
 *  2. The opinion dialog shows the case's details and a CourtListener link, with no failed request.
 *  3. Results on screen are still there after signing out, creating a free account and opening
 *     its verification link in the same tab.
 *  4. A visitor who dropped a file and registered, then verified on another device, sees the first
 *     tab go on by itself: it signs in and checks the file.
 *  5. Coupon sign-up ends on 'Check Your Email', without an error, and the tab signs in once the
 *     address is verified elsewhere.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import {
  DESKTOP,
  describeInBrowser,
  newEmail,
  screenshot,
  signIn,
  startSuite,
  stopSuite,
  verificationLink,
  verifiedUserByApi,
  withContext,
  type Product,
} from './harness';

jest.setTimeout(180_000);

const PROCESSING_TIMEOUT_MS = 120_000;
const PHONE_375: BrowserContextOptions = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const COUPON = 'BARASSOC';

/** Starts the sample filing through 'Upload & Test Now' and waits for the results table. */
async function checkSampleFiling(page: Page): Promise<number> {
  await page.getByTestId('sample-upload').click();
  await page.getByTestId('progress-card').waitFor();
  await page.locator('[data-testid=progress-card][data-status=complete]').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
  await page.getByTestId('results-section').waitFor();
  await page.getByTestId('citation-row').first().waitFor();
  return page.getByTestId('citation-row').count();
}

describeInBrowser('browser lawyer-defects suite')('what a lawyer hit, fixed', () => {
  let product: Product;
  let browser: Browser;

  beforeAll(async () => {
    ({ product, browser } = await startSuite({ COUPONS: `${COUPON}:premium` }));
  }, 300_000);

  afterAll(() => stopSuite(product, browser), 60_000);

  async function signedInPage(context: BrowserContext, name: string): Promise<Page> {
    const token = await verifiedUserByApi(product.url, newEmail(name.toLowerCase().replace(/\W+/g, '.')), name);
    await signIn(context, product.url, token);
    const page = await context.newPage();
    await page.goto(product.url);
    await page.getByTestId('account-menu').filter({ hasText: name }).waitFor();
    return page;
  }

  it('on a 375 px phone the results reflow with no sideways scrolling, whole-word snippets and court names', async () => {
    await withContext(browser, PHONE_375, 'phone 375', async (context) => {
      const page = await signedInPage(context, 'Pat Phone');
      await checkSampleFiling(page);
      await page.getByTestId('results-section').scrollIntoViewIfNeeded();
      const layout = await page.evaluate(() => {
        const table = document.querySelector('[data-testid=results-table]') as HTMLElement;
        const scrollsSideways = [table, ...Array.from(table.querySelectorAll<HTMLElement>('*')), table.parentElement!].filter(
          // A visually hidden element (the table header, kept for screen readers) is 1 px wide by design.
          (el) => el.getBoundingClientRect().width > 1 && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible',
        );
        const rows = Array.from(document.querySelectorAll<HTMLElement>('[data-testid=citation-row]'));
        return {
          pageWidth: document.documentElement.scrollWidth,
          regionOverflow: table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
          scrollsSideways: scrollsSideways.map((el) => el.dataset.testid ?? el.tagName),
          widestRowRight: Math.max(...rows.map((row) => row.getBoundingClientRect().right)),
          headerVisible: (document.querySelector('[data-testid=results-table] thead') as HTMLElement).getBoundingClientRect().height > 1,
        };
      });
      expect(layout.pageWidth).toBeLessThanOrEqual(375);
      expect(layout.regionOverflow).toBeLessThanOrEqual(0);
      expect(layout.scrollsSideways).toEqual([]);
      expect(layout.widestRowRight).toBeLessThanOrEqual(375);
      expect(layout.headerVisible).toBe(false);

      // Snippets: whole words, an ellipsis only with a space where something was left out.
      const contexts = await page.getByTestId('citation-context').allInnerTexts();
      expect(contexts.length).toBeGreaterThan(0);
      for (const text of contexts) {
        expect(text).not.toMatch(/^…\S/);
        expect(text).not.toMatch(/\S…$/);
      }
      // Courts are named for a lawyer, never by CourtListener id.
      const cases = await page.locator('[data-testid=citation-row] td.case').allInnerTexts();
      for (const text of cases) expect(text).not.toMatch(/\b(?:scotus|ca\d{1,2}|cadc|cafc|nysd|nyed|nynd|nywd|cand|cacd|casd|dcd|mad|ilnd|txsd)\b/);
      await screenshot(page, 'results-phone-375', '[data-testid=results-section]');
    });
  });

  it('the opinion dialog shows the case and a CourtListener link when no opinion text is available', async () => {
    await withContext(browser, DESKTOP, 'opinion', async (context) => {
      const page = await signedInPage(context, 'Olga Opinion');
      await checkSampleFiling(page);
      await page.locator('[data-testid=citation-row][data-status=valid] [data-testid=view-opinion-button]').first().click();
      const dialog = page.getByTestId('opinion-dialog');
      const details = dialog.getByTestId('opinion-case-details');
      await details.waitFor();
      const terms = await details.locator('dt').allInnerTexts();
      expect(terms).toEqual(expect.arrayContaining(['Case name', 'Court', 'Decided', 'Citation']));
      const values = await details.locator('dd').allInnerTexts();
      expect(values.every((v) => v.trim().length > 0)).toBe(true);
      expect(await dialog.getByTestId('opinion-courtlistener-link').getAttribute('href')).toMatch(/^https:\/\/www\.courtlistener\.com\//);
      expect(await dialog.innerText()).not.toMatch(/Error loading case opinion/);
      await screenshot(page, 'opinion-dialog-details', '[data-testid=opinion-dialog]');
    });
  });

  it('results on screen survive signing out, creating a free account and verifying it in the same tab', async () => {
    await withContext(browser, DESKTOP, 'results kept', async (context) => {
      const page = await signedInPage(context, 'Kim Keeps');
      const rowCount = await checkSampleFiling(page);
      const firstCite = await page.getByTestId('citation-text').first().innerText();

      await page.getByTestId('account-menu').click();
      await page.getByTestId('account-menu-sign-out').click();
      await page.getByTestId('header-create-account').click();
      const form = page.locator('[data-testid=auth-form][data-mode=register]');
      const email = newEmail('kim.keeps.again');
      await form.getByLabel('Full name').fill('Kim Keeps Again');
      await form.getByLabel('Email').fill(email);
      await page.getByTestId('auth-submit').click();
      await page.getByTestId('auth-dialog-done').waitFor();
      await page.getByTestId('auth-dialog').getByText('Close', { exact: true }).click();

      await page.goto(await verificationLink(product.url, email));
      await page.locator('[data-testid=verify-email][data-state=success]').waitFor();
      await page.getByTestId('verify-home').click();
      await page.getByTestId('results-section').waitFor();
      await page.getByTestId('citation-row').first().waitFor();
      expect(await page.getByTestId('citation-row').count()).toBe(rowCount);
      expect(await page.getByTestId('citation-text').first().innerText()).toBe(firstCite);
    });
  });

  it('verifying on another device: the waiting tab stops waiting and offers the sign-in, without taking the session', async () => {
    await withContext(browser, DESKTOP, 'waiting tab', async (context) => {
      const page = await context.newPage();
      await page.goto(product.url);
      await page.getByTestId('header-sign-in').waitFor();
      await page.getByTestId('sample-upload').click();
      await page.getByTestId('get-started-new-user').click();
      const registration = page.getByTestId('registration-dialog');
      const email = newEmail('wes.waiting');
      await registration.getByLabel('Full name').fill('Wes Waiting');
      await registration.getByLabel('Email').fill(email);
      await page.getByTestId('registration-submit').click();
      await page.getByTestId('registration-check-email').waitFor();

      // The phone: another browser, sharing nothing with the first one.
      await withContext(browser, PHONE_375, 'other device', async (phone) => {
        const other = await phone.newPage();
        await other.goto(await verificationLink(product.url, email));
        await other.locator('[data-testid=verify-email][data-state=success]').waitFor();
      });

      // The waiting tab stops waiting and offers the way in. It is not signed in by the other
      // device's click: whoever registered an address must not get the owner's session.
      await page.locator('[data-testid=auth-form][data-mode=login]').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('registration-check-email').count()).toBe(0);
      expect(await page.getByTestId('account-menu').filter({ hasText: 'Wes Waiting' }).count()).toBe(0);
    });
  });

  it('coupon sign-up ends on Check Your Email without an error, and offers the sign-in once verified elsewhere', async () => {
    await withContext(browser, DESKTOP, 'coupon', async (context) => {
      const page = await context.newPage();
      await page.goto(product.url);
      await page.getByTestId('header-create-account').click();
      const form = page.locator('[data-testid=auth-form][data-mode=register]');
      const email = newEmail('cora.coupon');
      await form.getByLabel('Full name').fill('Cora Coupon');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('I have a coupon code').check();
      await form.getByRole('textbox', { name: 'Coupon code' }).fill(COUPON.toLowerCase());
      await form.getByLabel('Password').fill('a long coupon password');
      await page.getByTestId('auth-submit').click();
      await page.getByTestId('auth-dialog-done').waitFor();
      expect(await page.getByTestId('auth-error').count()).toBe(0);
      expect(await page.getByTestId('auth-dialog-done').innerText()).toMatch(/coupon is applied/);

      await withContext(browser, DESKTOP, 'coupon other device', async (other) => {
        const mail = await other.newPage();
        await mail.goto(await verificationLink(product.url, email));
        await mail.locator('[data-testid=verify-email][data-state=success]').waitFor();
      });
      // Verified on another device: this tab is offered the sign-in, not signed in by that click.
      await page.locator('[data-testid=auth-form][data-mode=login]').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('account-menu').filter({ hasText: 'Cora Coupon' }).count()).toBe(0);
    });
  });
});

/**
 * The small things a lawyer and an admin tripped over, each checked in Chromium against the
 * product in embedded mode (the demo case-law index, no CourtListener token):
 *
 *  1. A .docx brief: its results say once that the document has no page numbers (not in every
 *     row); a statute reads 'Not checked (statute)' and an unverified case 'Not verified',
 *     never 'Pending', with no '0% confidence'; View Opinion only where the data has the case;
 *     the accuracy rate is over the checked citations and says so; Recheck says what it found;
 *     the progress card comes into view; the report's JSON carries no `__typename`.
 *  2. A verification link opened a second time says the address is verified, not 'failed'.
 *  3. At 390 px: the signed-out header's buttons share one line, a signed-in account menu sits
 *     on the brand's line, and an admin table keeps the user's name in view beside Delete.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { hashPassword } from '@citecheck/identity';
import { makeDocx } from '../src/pipeline-fixtures';
import {
  DESKTOP,
  MOBILE,
  describeInBrowser,
  newEmail,
  samplePdf,
  signIn,
  startSuite,
  stopSuite,
  uploadByApi,
  verificationLink,
  verifiedUserByApi,
  withContext,
  type Product,
} from './harness';

jest.setTimeout(240_000);

const ADMIN = { email: 'admin@details.test', password: 'an admin password for the details suite' };

/** A brief as Word writes it: no page breaks, so paragraphs only; a case, a statute, an unknown case. */
const BRIEF = [
  'MEMORANDUM OF LAW',
  'The standard is plausibility. Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009).',
  'Jurisdiction rests on diversity. 28 U.S.C. § 1332(a).',
  'Plaintiff relies on Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019).',
];

/** The top of each element, to tell what shares a line. */
function topsOf(page: Page, testIds: string[]): Promise<number[]> {
  return page.evaluate((ids) => ids.map((id) => Math.round(document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect().top)), testIds);
}

describeInBrowser('browser lawyer-details suite')('the details a lawyer and an admin tripped over', () => {
  let product: Product;
  let browser: Browser;

  beforeAll(async () => {
    ({ product, browser } = await startSuite({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD_HASH: await hashPassword(ADMIN.password) }));
  }, 300_000);

  afterAll(() => stopSuite(product, browser), 60_000);

  it('a .docx brief: labels that say what each citation is, one page-number note, an honest accuracy, a recheck that answers', async () => {
    await withContext(browser, { ...DESKTOP, acceptDownloads: true, timeoutMs: 30_000 }, 'docx', async (context) => {
      const token = await verifiedUserByApi(product.url, newEmail('docx.lawyer'), 'Dora Docx');
      await signIn(context, product.url, token);
      const page = await context.newPage();
      await page.goto(product.url);
      await page.getByTestId('account-menu').filter({ hasText: 'Dora Docx' }).waitFor();
      const docx = await makeDocx(BRIEF);
      await page.getByTestId('upload-input').setInputFiles({ name: 'memo.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx });
      // The card comes into view as the brief starts, whatever was on screen.
      const card = page.getByTestId('progress-card');
      await card.waitFor();
      await page.waitForFunction(() => {
        const box = document.querySelector('[data-testid=progress-card]')!.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight;
      });
      await page.locator('[data-testid=progress-card][data-status=complete]').waitFor({ timeout: 120_000 });
      await page.getByTestId('citation-row').first().waitFor();

      const rows = await page.getByTestId('citation-row').evaluateAll((els) =>
        els.map((el) => ({
          type: (el as HTMLElement).dataset.type,
          text: el.querySelector('[data-testid=citation-text]')?.textContent ?? '',
          status: el.querySelector('[data-testid=citation-status]')?.textContent ?? '',
          cells: (el as HTMLElement).innerText,
          opinion: el.querySelector('[data-testid=view-opinion-button]') !== null,
        })),
      );
      const statute = rows.find((r) => r.type === 'statute')!;
      expect(statute.status).toBe('– Not checked (statute)');
      expect(statute.cells).not.toMatch(/confidence/);
      const varghese = rows.find((r) => r.text.includes('925 F.3d 1339'))!;
      expect(varghese.status).toBe('? Not verified');
      expect(varghese.opinion).toBe(false);
      const iqbal = rows.find((r) => r.text.includes('556 U.S. 662'))!;
      expect(iqbal.status).toBe('✓ Valid');
      expect(iqbal.opinion).toBe(true);
      expect(rows.map((r) => r.cells).join('\n')).not.toMatch(/Pending|No page numbers/);
      expect(await page.getByTestId('results-location-note').innerText()).toBe('No page numbers in this document: citations are located by paragraph (¶).');
      expect(await page.getByTestId('progress-card').innerText()).not.toMatch(/Pending/);

      // 1 valid of 1 checked: 100%, though 3 citations were found.
      expect(await page.getByTestId('summary-accuracy').innerText()).toBe('100%');
      expect(await page.getByTestId('summary-accuracy-basis').innerText()).toBe('valid of 1 checked');

      const row = page.getByTestId('citation-row').filter({ hasText: '925 F.3d 1339' });
      await row.getByTestId('recheck-button').click();
      await page.getByTestId('toast-title').filter({ hasText: 'Recheck Complete' }).waitFor();
      expect(await page.getByTestId('toast-description').innerText()).toMatch(/925 F\.3d 1339.*: Not verified, unchanged\.$/);

    });
  });

  it('the JSON export of a report carries no __typename', async () => {
    await withContext(browser, { ...DESKTOP, acceptDownloads: true, timeoutMs: 30_000 }, 'json', async (context) => {
      const token = await verifiedUserByApi(product.url, newEmail('json.lawyer'), 'Jay Json');
      const uploaded = await uploadByApi(product.url, token, samplePdf(), 'sample-filing.pdf');
      expect(uploaded.status).toBe(200);
      const documentId = (uploaded.body.document as { id: string }).id;
      const report = (await (await fetch(`${product.url}/api/documents/${documentId}/report`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' })).json()) as { report: { id: string } };
      const page = await context.newPage();
      await page.goto(`${product.url}/report/${report.report.id}`);
      await page.getByTestId('report-citation').first().waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
      const json = readFileSync((await download.path())!, 'utf8');
      expect(json).not.toContain('__typename');
      expect((JSON.parse(json) as { citations: unknown[] }).citations.length).toBeGreaterThan(5);
    });
  });

  it('a verification link opened a second time says the address is verified, not that it failed', async () => {
    await withContext(browser, DESKTOP, 'second click', async (context, watch) => {
      watch.expect({ reason: "the link's second use is answered 400 by design", matches: (text, where) => /status of 400/.test(text) && where.includes('/api/verify-email') });
      const email = newEmail('twice');
      const registered = await fetch(`${product.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Tess Twice', email, newsletterOptIn: false }) });
      expect(registered.status).toBe(200);
      const link = await verificationLink(product.url, email);
      const page = await context.newPage();
      await page.goto(link);
      await page.locator('[data-testid=verify-email][data-state=success]').waitFor();
      await page.goto(link);
      await page.locator('[data-testid=verify-email][data-state=used]').waitFor();
      expect(await page.getByTestId('verify-used').innerText()).toBe('This link was used already: your email address is verified and you are signed in.');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Email Verified');
    });
  });

  it('at 390 px the header keeps to one line of controls and an admin table keeps the name beside Delete', async () => {
    await withContext(browser, MOBILE, 'phone signed out', async (context) => {
      const page = await context.newPage();
      await page.goto(product.url);
      await page.getByTestId('header-support').waitFor();
      const [signInTop, createTop, supportTop] = await topsOf(page, ['header-sign-in', 'header-create-account', 'header-support']);
      expect(Math.abs(signInTop - createTop)).toBeLessThanOrEqual(2);
      expect(Math.abs(createTop - supportTop)).toBeLessThanOrEqual(2);
    });
    const long = 'Alexandra Longname-Barrister';
    const email = newEmail('a.very.long.address.of.a.lawyer');
    const token = await verifiedUserByApi(product.url, email, long);
    await withContext(browser, MOBILE, 'phone signed in', async (context) => {
      await signIn(context, product.url, token);
      const page = await context.newPage();
      await page.goto(product.url);
      await page.getByTestId('account-menu').waitFor();
      const header = await page.evaluate(() => {
        const brand = document.querySelector('[data-testid=brand]')!.getBoundingClientRect();
        const menu = document.querySelector('[data-testid=account-menu]')!.getBoundingClientRect();
        return { brandBottom: brand.bottom, menuTop: menu.top, menuRight: menu.right, width: document.documentElement.clientWidth };
      });
      expect(header.menuTop).toBeLessThan(header.brandBottom);
      expect(header.menuRight).toBeLessThanOrEqual(header.width);
    });
    await withContext(browser, MOBILE, 'admin phone', async (context) => {
      const page = await context.newPage();
      await page.goto(`${product.url}/metrics`);
      await page.getByTestId('admin-email').fill(ADMIN.email);
      await page.getByTestId('admin-password').fill(ADMIN.password);
      await page.getByTestId('admin-login-submit').click();
      const row = page.locator(`[data-testid=user-row][data-email="${email}"]`);
      await row.waitFor();
      await page.getByTestId('users-table').getByRole('region').evaluate((el) => (el.scrollLeft = el.scrollWidth));
      const [name, del] = await Promise.all([row.locator('th').boundingBox(), row.getByTestId('delete-user').boundingBox()]);
      const width = await page.evaluate(() => document.documentElement.clientWidth);
      // Both in view, side by side, not one over the other.
      expect(name!.x).toBeGreaterThanOrEqual(0);
      expect(del!.x + del!.width).toBeLessThanOrEqual(width);
      expect(name!.x + name!.width).toBeLessThanOrEqual(del!.x);
    });
  });
});

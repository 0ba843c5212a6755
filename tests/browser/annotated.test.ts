/**
 * "Download annotated brief" in Chromium, against the product in embedded mode:
 *
 *  1. On the results page, the lawyer who uploaded the sample filing downloads it back as a PDF
 *     with a highlight on each finding (read back with pdf.js).
 *  2. On the report page, a premium owner downloads their .docx back with a comment on each
 *     finding. A visitor holding only the report link sees no download and is refused the
 *     file; once the owner lets the link offer it, the visitor downloads it; once the owner
 *     stops, the visitor is refused again.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { commentsOf, readWithPdfjs, unzipAll } from '@citecheck/annotate/testing';
import { makeDocx } from '../src/pipeline-fixtures';
import {
  DESKTOP,
  describeInBrowser,
  newEmail,
  screenshot,
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

const COUPON = 'ANNOTATE';
const PROCESSING_TIMEOUT_MS = 120_000;

/** A premium account as the coupon sign-up makes one (register, coupon, password, verified in the same browser), through the API. */
async function premiumOwner(url: string, email: string, name: string): Promise<string> {
  const jar = new Map<string, string>();
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  await call('/api/register/free', { method: 'POST', body: JSON.stringify({ name, email, newsletterOptIn: false }) });
  await call('/api/apply-coupon', { method: 'POST', body: JSON.stringify({ email, couponCode: COUPON }) });
  await call('/api/set-coupon-password', { method: 'POST', body: JSON.stringify({ email, password: 'a long coupon password' }) });
  const token = new URL(await verificationLink(url, email)).searchParams.get('token')!;
  const verified = await call(`/api/verify-email?token=${encodeURIComponent(token)}`);
  return verified.sessionToken as string;
}

async function download(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByTestId('download-annotated').click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** Does `act` (a click on the sharing box) and waits until the server has saved the choice. */
async function saveSharing(page: Page, act: () => Promise<void>): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith('/sharing') && r.request().method() === 'PUT');
  await act();
  expect((await saved).status()).toBe(200);
}

describeInBrowser('browser annotated-brief suite')('Download annotated brief', () => {
  let product: Product;
  let browser: Browser;

  beforeAll(async () => {
    ({ product, browser } = await startSuite({ COUPONS: `${COUPON}:premium` }));
  }, 300_000);

  afterAll(() => stopSuite(product, browser), 60_000);

  it('on the results page, the owner downloads the sample filing back with a highlight on each finding', async () => {
    await withContext(browser, { ...DESKTOP, acceptDownloads: true }, 'results owner', async (context) => {
      const token = await verifiedUserByApi(product.url, newEmail('rita.results'), 'Rita Results');
      await signIn(context, product.url, token);
      const page = await context.newPage();
      await page.goto(product.url);
      await page.getByTestId('account-menu').filter({ hasText: 'Rita Results' }).waitFor();
      await page.getByTestId('sample-upload').click();
      await page.locator('[data-testid=progress-card][data-status=complete]').waitFor({ timeout: PROCESSING_TIMEOUT_MS });
      await page.getByTestId('results-section').waitFor();
      const button = page.getByTestId('download-annotated');
      await button.waitFor();
      expect(await button.innerText()).toBe('Download annotated brief (.pdf)');
      await screenshot(page, 'annotated-results', '[data-testid=results-section]');

      const file = await download(page);
      expect(file.name).toBe('sample-filing (CiteCheck).pdf');
      const pages = await readWithPdfjs(file.bytes);
      const highlights = pages.flatMap((p) => p.annotations.filter((a) => a.subtype === 'Highlight'));
      // The demo index leaves the sample's invented cases unverified and calls the impossible ones and the wrong name invalid.
      expect(highlights.length).toBeGreaterThanOrEqual(5);
      expect(highlights.map((h) => h.contents).join('\n')).toContain('Varghese v. China Southern Airlines Co., 925 F.3d 1339');
      expect(pages[0].annotations.find((a) => a.subtype === 'Text')?.contents).toMatch(/^CiteCheck checked this document on /);
      await page.getByTestId('toast-title').filter({ hasText: 'Download Complete' }).waitFor();
    });
  });

  it('on the report page the owner downloads the .docx; a report-link visitor gets it only while the owner shares it', async () => {
    const email = newEmail('paula.premium');
    const token = await premiumOwner(product.url, email, 'Paula Premium');
    const brief = await makeDocx([
      'ARGUMENT',
      'The period was tolled. Varghese v. China Southern Airlines Co., Ltd., 925 F.3d 1339 (11th Cir. 2019). The standard is settled. Bell Atlantic Corp. v. Twombly, 550 U.S. 544, 570 (2007).',
    ]);
    const uploaded = await uploadByApi(product.url, token, brief, 'Opposition.docx');
    expect(uploaded.status).toBe(200);
    const documentId = (uploaded.body.document as { id: string }).id;
    const report = (await (await fetch(`${product.url}/api/documents/${documentId}/report`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' })).json()) as { report: { id: string } };
    const reportUrl = `${product.url}/report/${report.report.id}`;
    const annotatedUrl = `${product.url}/api/documents/${documentId}/annotated`;

    await withContext(browser, { ...DESKTOP, acceptDownloads: true }, 'report owner', async (owner) => {
      await signIn(owner, product.url, token);
      const ownerPage = await owner.newPage();
      await ownerPage.goto(reportUrl);
      await ownerPage.getByTestId('report-page').waitFor();
      const button = ownerPage.getByTestId('download-annotated');
      await button.waitFor();
      expect(await button.innerText()).toBe('Download annotated brief (.docx)');
      const file = await download(ownerPage);
      expect(file.name).toBe('Opposition (CiteCheck).docx');
      const comments = commentsOf((await unzipAll(file.bytes)).find((e) => e.name === 'word/comments.xml')!.data.toString('utf8'));
      expect(comments.map((c) => c.author)).toEqual(comments.map(() => 'CiteCheck'));
      expect(comments.some((c) => c.text.includes('925 F.3d 1339'))).toBe(true);
      const share = ownerPage.getByTestId('share-annotated');
      expect(await share.isChecked()).toBe(false);
      await screenshot(ownerPage, 'annotated-report-owner');

      await withContext(browser, { ...DESKTOP, acceptDownloads: true }, 'report-link visitor', async (visitor) => {
        const visitorPage = await visitor.newPage();
        await visitorPage.goto(reportUrl);
        await visitorPage.getByTestId('report-citation').first().waitFor();
        expect(await visitorPage.getByTestId('annotated-brief').count()).toBe(0);
        // Not by asking the server directly either.
        expect((await fetch(annotatedUrl)).status).toBe(401);

        // The owner lets the report link offer it.
        // A click, as a lawyer does. The box shows the choice at once and goes back if the
        // server refuses it (useSetAnnotatedSharing), so the server's answer to the PUT is
        // awaited before the server is asked: the box alone raced it.
        await saveSharing(ownerPage, () => share.click());
        await ownerPage.waitForFunction(() => (document.querySelector('[data-testid=share-annotated]') as HTMLInputElement | null)?.checked === true);
        expect((await (await fetch(`${annotatedUrl}/access`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>).toMatchObject({ shared: true });

        await visitorPage.reload();
        await visitorPage.getByTestId('download-annotated').waitFor();
        expect(await visitorPage.getByTestId('share-annotated').count()).toBe(0);
        const got = await download(visitorPage);
        expect(got.name).toBe('Opposition (CiteCheck).docx');
        expect(got.bytes.equals(file.bytes)).toBe(true);
        await screenshot(visitorPage, 'annotated-report-visitor-shared');

        // And stops: the visitor is refused again.
        await saveSharing(ownerPage, () => share.click());
        await ownerPage.waitForFunction(() => (document.querySelector('[data-testid=share-annotated]') as HTMLInputElement | null)?.checked === false);
        expect((await fetch(annotatedUrl)).status).toBe(401);
        await visitorPage.reload();
        await visitorPage.getByTestId('report-citation').first().waitFor();
        expect(await visitorPage.getByTestId('annotated-brief').count()).toBe(0);
      });
    });
  });
});

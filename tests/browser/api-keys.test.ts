/**
 * API keys on the dashboard, in Chromium, through the screens only (no seeded storage): a
 * lawyer signs up, opens the verification link, goes to the dashboard (free: the restricted
 * modal, which keeps the API keys reachable), creates a key, copies it with the button, uses
 * it (its call shows on the dashboard), and revokes it, after which it is refused.
 */
import type { Browser } from 'playwright-core';
import { runAxe, describeViolation } from './axe';
import { DESKTOP, describeInBrowser, newEmail, screenshot, startSuite, stopSuite, verificationLink, withContext, type Product } from './harness';

jest.setTimeout(180_000);

const TEXT = 'The standard is settled. Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009).';

describeInBrowser('browser api-keys suite')('API keys on the dashboard', () => {
  let browser: Browser;
  let product: Product;

  beforeAll(async () => {
    ({ product, browser } = await startSuite());
  }, 150_000);

  afterAll(() => stopSuite(product, browser));

  const check = (key: string) =>
    fetch(`${product.url}/api/v1/check`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ text: TEXT }) });

  it('creates, copies, uses and revokes a key', async () => {
    // CSP bypassed only so axe-core's script can be added to the page.
    await withContext(browser, { ...DESKTOP, bypassCSP: true }, 'api keys', async (context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
      const page = await context.newPage();
      await page.goto(product.url);

      // Sign up and verify, as a lawyer does.
      await page.getByTestId('header-create-account').click();
      const form = page.locator('[data-testid=auth-form][data-mode=register]');
      const email = newEmail('kai.keys');
      await form.getByLabel('Full name').fill('Kai Keys');
      await form.getByLabel('Email').fill(email);
      await page.getByTestId('auth-submit').click();
      await page.getByTestId('auth-dialog-done').waitFor();
      await page.getByTestId('auth-dialog').getByText('Close', { exact: true }).click();
      await page.goto(await verificationLink(product.url, email));
      await page.locator('[data-testid=verify-email][data-state=success]').waitFor();
      await page.getByTestId('account-menu').filter({ hasText: 'Kai Keys' }).click();
      await page.getByTestId('account-menu-dashboard').click();

      // A free account: the restricted modal, with the keys inside it.
      const modal = page.getByTestId('dashboard-restricted');
      await modal.waitFor();
      const keys = modal.getByTestId('api-keys');
      await keys.getByTestId('api-keys-empty').waitFor();
      await keys.getByTestId('api-key-create').click();
      expect(await page.getByTestId('toast-title').innerText()).toBe('Missing Information');
      await keys.getByLabel('Key name').fill('Drafting assistant');
      await keys.getByTestId('api-key-create').click();
      const secret = await keys.getByTestId('api-key-secret').innerText();
      expect(secret).toMatch(/^cck_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
      await keys.getByTestId('api-key-copy').click();
      await page.getByTestId('toast-title').filter({ hasText: 'Key Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      const row = keys.getByTestId('api-key');
      expect(await row.count()).toBe(1);
      expect(await row.innerText()).toContain(secret.slice(0, 20));
      expect(await row.innerText()).not.toContain(secret.slice(21));
      expect(await row.getByTestId('api-key-last-used').innerText()).toBe('Never');
      const results = await runAxe(page, { atRest: false, extraRules: false });
      if (results.violations.length > 0) throw new Error(`axe-core violations:\n    ${results.violations.map(describeViolation).join('\n    ')}`);
      await screenshot(page, 'api-keys-created');

      // Done: the secret is gone from the screen for good.
      await keys.getByTestId('api-key-done').click();
      expect(await keys.getByTestId('api-key-secret').count()).toBe(0);

      // The copied key works, and its call is counted on the dashboard.
      expect((await check(await page.evaluate(() => navigator.clipboard.readText()))).status).toBe(200);
      await page.reload();
      const counted = page.getByTestId('dashboard-restricted').getByTestId('api-key');
      await counted.getByTestId('api-key-calls').filter({ hasText: /^1$/ }).waitFor();
      expect(await counted.getByTestId('api-key-last-used').innerText()).not.toBe('Never');

      // Revoke, with a second thought first.
      await counted.getByTestId('api-key-revoke').click();
      await counted.getByTestId('api-key-keep').click();
      await counted.getByTestId('api-key-revoke').click();
      await counted.getByTestId('api-key-revoke-confirm').click();
      await page.getByTestId('toast-title').filter({ hasText: 'API Key Revoked' }).waitFor();
      await counted.getByText('Revoked', { exact: true }).waitFor();
      expect(await counted.getByTestId('api-key-revoke').count()).toBe(0);
      await screenshot(page, 'api-keys-revoked');
      const refused = await check(secret);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: string }).error).toBe('api_key_revoked');
    });
  });
});

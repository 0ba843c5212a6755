/**
 * Webhook addresses against SSRF: which addresses are public, what the policy admits, and a
 * delivery that goes to the address that was checked and fails on anything but 2xx.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkWebhookUrl, isPublicAddress, postWebhook, webhookPolicy, WebhookRefusedError } from './webhooks';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['10.0.0.5', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::a00:1', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('checkWebhookUrl', () => {
  const production = webhookPolicy({ NODE_ENV: 'production' });

  it('refuses what is not http(s), carries credentials, or reaches a private network', async () => {
    for (const url of ['ftp://8.8.8.8/', 'file:///etc/passwd', 'http://user:pass@8.8.8.8/', 'http://127.0.0.1:8080/', 'http://[::1]/', 'http://169.254.169.254/', 'http://10.0.0.1/', 'not a url']) {
      await expect(checkWebhookUrl(url, production)).rejects.toBeInstanceOf(WebhookRefusedError);
    }
    await expect(checkWebhookUrl('https://8.8.8.8/hook', production)).resolves.toMatchObject({ address: '8.8.8.8', family: 4 });
  });

  it('refuses a name that resolves to loopback (localhost) or does not resolve', async () => {
    await expect(checkWebhookUrl('http://localhost/hook', production)).rejects.toBeInstanceOf(WebhookRefusedError);
    await expect(checkWebhookUrl('http://no-such-host.invalid/hook', production)).rejects.toThrow('could not be resolved');
  });

  it('admits listed networks outside development, and anything in development', async () => {
    const lan = webhookPolicy({ NODE_ENV: 'production', WEBHOOK_ALLOWED_NETWORKS: ['10.20.0.0/16'] });
    await expect(checkWebhookUrl('http://10.20.3.4/dms', lan)).resolves.toBeTruthy();
    await expect(checkWebhookUrl('http://10.21.3.4/dms', lan)).rejects.toBeInstanceOf(WebhookRefusedError);
    await expect(checkWebhookUrl('http://127.0.0.1:9/', webhookPolicy({ NODE_ENV: 'development' }))).resolves.toBeTruthy();
    await expect(checkWebhookUrl('http://127.0.0.1:9/', webhookPolicy({ NODE_ENV: 'test' }))).rejects.toBeInstanceOf(WebhookRefusedError);
  });
});

describe('postWebhook', () => {
  it('posts the body with its headers, and fails on a non-2xx answer; it does not follow redirects', async () => {
    const seen: { body: string; signature: string | undefined }[] = [];
    const answers = [204, 500, 302];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen.push({ body, signature: request.headers['x-citecheck-signature'] as string | undefined });
        response.statusCode = answers.shift() ?? 200;
        if (response.statusCode === 302) response.setHeader('location', 'http://169.254.169.254/');
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const policy = webhookPolicy({ NODE_ENV: 'production', WEBHOOK_ALLOWED_NETWORKS: ['127.0.0.1'] });
    try {
      await expect(postWebhook(url, '{"a":1}', { 'x-citecheck-signature': 't=1,v1=ab' }, policy)).resolves.toBe(204);
      await expect(postWebhook(url, '{"a":2}', {}, policy)).rejects.toThrow('HTTP 500');
      await expect(postWebhook(url, '{"a":3}', {}, policy)).rejects.toThrow('HTTP 302');
      expect(seen).toEqual([
        { body: '{"a":1}', signature: 't=1,v1=ab' },
        { body: '{"a":2}', signature: undefined },
        { body: '{"a":3}', signature: undefined },
      ]);
      await expect(postWebhook(url, '{}', {}, webhookPolicy({ NODE_ENV: 'production' }))).rejects.toBeInstanceOf(WebhookRefusedError);
      expect(seen).toHaveLength(3);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

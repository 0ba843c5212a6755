import { renderMail, TemplateDataError } from './templates';

const ctx = { publicUrl: 'https://citecheck.test', supportEmail: 'help@citecheck.test' };

describe('payment mails', () => {
  it('renders a receipt with the amount, the date and the receipt link', () => {
    const mail = renderMail('payment-receipt', { plan: 'Premium', amount: '$25.00', date: 'Nov 24, 2026', receiptUrl: 'https://invoice.stripe.com/i/x' }, ctx);
    expect(mail.subject).toBe('Your CiteCheck Premium receipt');
    expect(mail.text).toContain('$25.00');
    expect(mail.text).toContain('Nov 24, 2026');
    expect(mail.links).toEqual(['https://invoice.stripe.com/i/x', 'https://citecheck.test/billing']);
  });

  it('puts the account-setup link first on a receipt of an account without its password, and no billing link it could not open', () => {
    const setup = 'https://citecheck.test/verify-email?token=abc';
    const mail = renderMail('payment-receipt', { plan: 'Premium', amount: '$25.00', date: 'Nov 24, 2026', receiptUrl: 'https://invoice.stripe.com/i/x', link: setup }, ctx);
    expect(mail.links).toEqual([setup, 'https://invoice.stripe.com/i/x']);
    expect(mail.text).toContain('Finish setting up your account');
    expect(mail.text.indexOf(setup)).toBeLessThan(mail.text.indexOf('https://invoice.stripe.com/i/x'));
    expect(mail.html).toContain('Finish Account Setup');
    expect(() => renderMail('payment-receipt', { plan: 'Premium', amount: '$25.00', date: 'Nov 24, 2026', link: 'javascript:alert(1)' }, ctx)).toThrow(TemplateDataError);
  });

  it('refuses a receipt link that is not http(s)', () => {
    expect(() => renderMail('payment-receipt', { plan: 'Premium', amount: '$25.00', date: 'Nov 24, 2026', receiptUrl: 'javascript:alert(1)' }, ctx)).toThrow(TemplateDataError);
  });

  it('says Payment Required when a payment failed', () => {
    const mail = renderMail('payment-failed', { plan: 'Enterprise', amount: '$100.00' }, ctx);
    expect(mail.subject).toContain('Payment Required');
    expect(mail.text).toContain('$100.00');
    expect(mail.links).toEqual(['https://citecheck.test/billing']);
  });

  it('confirms a cancellation with the day access ends, escaping what it is given', () => {
    const mail = renderMail('subscription-cancelled', { plan: 'Premium', accessUntil: 'Dec 24, 2026 <b>' }, ctx);
    expect(mail.subject).toBe('Subscription Cancelled');
    expect(mail.text).toContain('stays active until Dec 24, 2026');
    expect(mail.html).toContain('&lt;b&gt;');
    expect(() => renderMail('subscription-cancelled', { plan: 'Premium' }, ctx)).toThrow(TemplateDataError);
  });
});

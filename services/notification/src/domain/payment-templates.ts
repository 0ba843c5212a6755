/**
 * The payment e-mails billing asks for: a receipt for each paid invoice, a notice when a
 * payment fails, and a confirmation when a subscription is cancelled (access runs to the end
 * of the paid period). Values arrive already formatted by billing (amounts as "$25.00",
 * dates as "Nov 24, 2026"); links must be http(s). A first receipt may carry identity's
 * account-setup link (`link`, sealed on the bus like every one-time link).
 */
import type { MailTemplate } from '@citecheck/proto';
import type { RenderContext, RenderedMail } from './templates';

export type PaymentTemplate = Extract<MailTemplate, 'payment-receipt' | 'payment-failed' | 'subscription-cancelled'>;

export interface PaymentTemplateHelpers {
  required(field: string): string;
  httpLink(value: string): string;
  escapeHtml(value: string): string;
  layout(title: string, body: string): string;
  button(href: string, label: string): string;
}

export function renderPaymentMail(template: PaymentTemplate, data: Record<string, string>, ctx: RenderContext, h: PaymentTemplateHelpers): RenderedMail {
  const plan = h.required('plan');
  const billing = `${ctx.publicUrl}/billing`;
  switch (template) {
    case 'payment-receipt': {
      const amount = h.required('amount');
      const date = h.required('date');
      const receipt = data.receiptUrl ? h.httpLink(data.receiptUrl) : null;
      // The first receipt of an account whose password is not set yet (the page was closed
      // after paying): identity's one-time link that signs the address in to finish the setup.
      const setup = data.link ? h.httpLink(data.link) : null;
      const lines = `Thank you for your payment of ${amount} for CiteCheck ${plan} on ${date}.`;
      const finish = `Your ${plan} plan is active. Finish setting up your account: open this link and choose the password you will sign in with.`;
      const expiry = 'The link works once and expires after 24 hours; after that, sign in with this email address to finish.';
      return {
        subject: `Your CiteCheck ${plan} receipt`,
        text: [
          `Hello,\n\n${lines}\n`,
          setup ? `\n${finish}\n${setup}\n${expiry}\n` : '',
          receipt ? `\nYour receipt: ${receipt}\n` : '',
          setup ? '' : `\nYour billing history: ${billing}\n`,
        ].join(''),
        html: h.layout(
          'Payment receipt',
          [
            `<p>Hello,</p>\n<p>${h.escapeHtml(lines)}</p>`,
            setup ? `<p>${h.escapeHtml(finish)}</p>\n${h.button(setup, 'Finish Account Setup')}\n<p>Or open this link: ${h.escapeHtml(setup)}</p>\n<p>${h.escapeHtml(expiry)}</p>` : '',
            receipt ? h.button(receipt, 'View Receipt') : '',
            setup ? '' : `<p>Your billing history: ${h.escapeHtml(billing)}</p>`,
          ]
            .filter(Boolean)
            .join('\n'),
        ),
        // The setup link first: it is the one thing the reader must do. The billing page needs
        // a signed-in account, which the setup link is the way into.
        links: [...(setup ? [setup] : []), ...(receipt ? [receipt] : []), ...(setup ? [] : [billing])],
      };
    }
    case 'payment-failed': {
      const amount = h.required('amount');
      const lines = `We could not collect ${amount} for your CiteCheck ${plan} subscription. Your subscription shows Payment Required until the payment goes through. Please update your card.`;
      return {
        subject: 'Payment Required: your CiteCheck payment failed',
        text: `Hello,\n\n${lines}\n${billing}\n`,
        html: h.layout('Payment Required', `<p>Hello,</p>\n<p>${h.escapeHtml(lines)}</p>\n${h.button(billing, 'Go to Billing')}`),
        links: [billing],
      };
    }
    case 'subscription-cancelled': {
      const until = h.required('accessUntil');
      const lines = `Your CiteCheck ${plan} subscription is cancelled. It stays active until ${until}; after that your account returns to the free plan.`;
      return {
        subject: 'Subscription Cancelled',
        text: `Hello,\n\n${lines}\n${billing}\n`,
        html: h.layout('Subscription Cancelled', `<p>Hello,</p>\n<p>${h.escapeHtml(lines)}</p>\n${h.button(billing, 'Go to Billing')}`),
        links: [billing],
      };
    }
  }
}

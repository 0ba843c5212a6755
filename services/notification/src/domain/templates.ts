/**
 * The e-mails CiteCheck sends, as pure functions of their data: subject, plain text and HTML
 * (every user value HTML-escaped), plus the links they carry, which the dev outbox lists
 * and logs. Links handed in by other services must be http(s): a `javascript:` or `data:`
 * link in a mail would be an attack, so it is refused.
 *
 *   renderMail('welcome', { name: 'Ann' }, { publicUrl: 'https://citecheck.app', supportEmail: 'help@x' })
 */
import { isAcceptableName, PLANS, type MailTemplate } from '@citecheck/proto';
import { renderPaymentMail } from './payment-templates';

export interface RenderContext {
  publicUrl: string;
  supportEmail: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Where a reply goes (the support forward answers the person who wrote in). */
  replyTo?: string;
}

export class TemplateDataError extends Error {
  constructor(readonly template: MailTemplate, reason: string) {
    super(`mail template ${template}: ${reason}`);
    this.name = 'TemplateDataError';
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Paragraphs of escaped text; line breaks inside a paragraph become <br>. */
function htmlParagraphs(value: string): string {
  return value
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * The name an account mail greets: the registered name when it is one (proto's name rule),
 * else none. Registration refuses other names; this keeps any that arrive some other way (an
 * older account, another path) from putting a stranger's text or links into a mail to an
 * address they typed (issue 28, finding 8).
 */
function greetingName(name: string): string {
  return isAcceptableName(name) ? ` ${name.trim()}` : '';
}

function required(template: MailTemplate, data: Record<string, string>, field: string): string {
  const value = data[field];
  if (typeof value !== 'string' || value.trim() === '') throw new TemplateDataError(template, `missing ${field}`);
  return value;
}

function httpLink(template: MailTemplate, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TemplateDataError(template, 'link is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TemplateDataError(template, 'link must be http(s)');
  return url.toString();
}

function layout(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><title>' + escapeHtml(title) + '</title></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">',
    '<h2 style="color:#1e3a8a">CiteCheck</h2>',
    body,
    '<p style="color:#6b7280;font-size:12px">CiteCheck checks the citations in legal briefs. It does not relieve you of your duty of care.</p>',
    '</body></html>',
  ].join('\n');
}

function button(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}" style="background:#1e40af;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

export function renderMail(template: MailTemplate, data: Record<string, string>, ctx: RenderContext): RenderedMail {
  switch (template) {
    case 'verification': {
      const name = greetingName(required(template, data, 'name'));
      const link = httpLink(template, required(template, data, 'link'));
      return {
        subject: 'Verify your email address for CiteCheck',
        text: `Hello${name},\n\nPlease confirm your email address to start checking citations:\n${link}\n\nThe link expires after 24 hours. If you did not register, ignore this email.\n`,
        html: layout(
          'Verify your email address',
          `<p>Hello${escapeHtml(name)},</p>\n<p>Please confirm your email address to start checking citations.</p>\n${button(link, 'Verify Email')}\n<p>Or open this link: ${escapeHtml(link)}</p>\n<p>The link expires after 24 hours. If you did not register, ignore this email.</p>`,
        ),
        links: [link],
      };
    }
    case 'sign-in': {
      const name = greetingName(required(template, data, 'name'));
      const link = httpLink(template, required(template, data, 'link'));
      return {
        subject: 'Sign in to CiteCheck',
        text: `Hello${name},\n\nOpen this link to sign in to CiteCheck in this browser:\n${link}\n\nThe link expires after 24 hours. If you did not try to sign in, ignore this email.\n`,
        html: layout(
          'Sign in to CiteCheck',
          `<p>Hello${escapeHtml(name)},</p>\n<p>Open this link to sign in to CiteCheck in this browser.</p>\n${button(link, 'Sign In')}\n<p>Or open this link: ${escapeHtml(link)}</p>\n<p>The link expires after 24 hours. If you did not try to sign in, ignore this email.</p>`,
        ),
        links: [link],
      };
    }
    case 'welcome': {
      const name = greetingName(required(template, data, 'name'));
      const link = `${ctx.publicUrl}/`;
      return {
        subject: 'Welcome to CiteCheck',
        text: `Hello${name},\n\nYour email address is verified. Upload a brief and CiteCheck checks every case citation in it. Your free plan includes ${PLANS.free.reportLimit} reports.\n${link}\n`,
        html: layout(
          'Welcome to CiteCheck',
          `<p>Hello${escapeHtml(name)},</p>\n<p>Your email address is verified. Upload a brief and CiteCheck checks every case citation in it. Your free plan includes ${PLANS.free.reportLimit} reports.</p>\n${button(link, 'Check Your Cites!')}`,
        ),
        links: [link],
      };
    }
    case 'password-reset': {
      const name = greetingName(required(template, data, 'name'));
      const link = httpLink(template, required(template, data, 'link'));
      return {
        subject: 'Reset your CiteCheck password',
        text: `Hello${name},\n\nSomeone asked to reset the password of your CiteCheck account. To choose a new password, open:\n${link}\n\nThe link expires after 1 hour. If it was not you, ignore this email: your password stays as it is.\n`,
        html: layout(
          'Reset your password',
          `<p>Hello${escapeHtml(name)},</p>\n<p>Someone asked to reset the password of your CiteCheck account.</p>\n${button(link, 'Reset Password')}\n<p>Or open this link: ${escapeHtml(link)}</p>\n<p>The link expires after 1 hour. If it was not you, ignore this email: your password stays as it is.</p>`,
        ),
        links: [link],
      };
    }
    case 'support-receipt': {
      const name = required(template, data, 'name');
      const message = required(template, data, 'message');
      return {
        subject: 'We received your message',
        text: `Hello ${name},\n\nThank you for contacting CiteCheck support. We received your message and will answer by email.\n\nYour message:\n${message}\n`,
        html: layout(
          'We received your message',
          `<p>Hello ${escapeHtml(name)},</p>\n<p>Thank you for contacting CiteCheck support. We received your message and will answer by email.</p>\n<p><strong>Your message:</strong></p>\n<blockquote>${htmlParagraphs(message)}</blockquote>`,
        ),
        links: [],
      };
    }
    case 'support-forward': {
      const name = required(template, data, 'name');
      const email = required(template, data, 'email');
      const message = required(template, data, 'message');
      // The subject is a header: line breaks in a name must not start a new header line.
      const oneLineName = name.replace(/[\r\n]+/g, ' ');
      return {
        subject: `Support inquiry from ${oneLineName}`,
        text: `Support inquiry\n\nName: ${name}\nEmail: ${email}\n\n${message}\n`,
        html: layout(
          'Support inquiry',
          `<p><strong>Name:</strong> ${escapeHtml(name)}<br><strong>Email:</strong> ${escapeHtml(email)}</p>\n${htmlParagraphs(message)}`,
        ),
        links: [],
        replyTo: email,
      };
    }
    case 'payment-receipt':
    case 'payment-failed':
    case 'subscription-cancelled':
      return renderPaymentMail(template, data, ctx, {
        required: (field) => required(template, data, field),
        httpLink: (value) => httpLink(template, value),
        escapeHtml,
        layout,
        button,
      });
  }
}

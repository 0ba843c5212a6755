/**
 * POST /api/support-inquiry: forwards the inquiry to the support inbox, and nowhere else.
 *
 * The visitor's answer is the fixed SUPPORT_SENT; no mail goes to the address they typed. A
 * receipt quoting the message would let anyone send text of their choosing, from our domain,
 * to any address (a spam and phishing relay). Counted per client IP and per address typed,
 * so neither a script nor a botnet aiming at one inbox can flood support.
 */
import { randomUUID } from 'node:crypto';
import { ApiError, type SupportInquiryBody } from '@citecheck/proto';
import { checkSupportInquiry, SUPPORT_SENT } from '../domain/support';
import { acceptMailRequest } from './accept-mail-request';
import type { NotificationContext } from './context';

const tooMany = () => new ApiError(429, 'Too many requests. Please wait a minute and try again.', 'rate_limited');

export async function sendSupportInquiry(
  ctx: NotificationContext,
  input: SupportInquiryBody,
  clientIp: string,
): Promise<{ success: true; message: string }> {
  // Checked before counting: an incomplete form does not use up the visitor's allowance.
  const inquiry = checkSupportInquiry(input);
  if (!(await ctx.supportLimiter.hit(clientIp))) throw tooMany();
  if (!(await ctx.supportAddressLimiter.hit(inquiry.email.trim().toLowerCase()))) throw tooMany();
  const data = { name: inquiry.name, email: inquiry.email, message: inquiry.message };
  await acceptMailRequest(ctx, { messageId: randomUUID(), to: ctx.supportEmail, template: 'support-forward', data });
  return { success: true, message: SUPPORT_SENT };
}

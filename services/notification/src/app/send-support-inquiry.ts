/** POST /api/support-inquiry: forwards the inquiry to support and sends the visitor a receipt. */
import { randomUUID } from 'node:crypto';
import { ApiError, type SupportInquiryBody } from '@citecheck/proto';
import { checkSupportInquiry, SUPPORT_SENT } from '../domain/support';
import { acceptMailRequest } from './accept-mail-request';
import type { NotificationContext } from './context';

export async function sendSupportInquiry(
  ctx: NotificationContext,
  input: SupportInquiryBody,
  clientIp: string,
): Promise<{ success: true; message: string }> {
  // Checked before counting: an incomplete form does not use up the visitor's allowance.
  const inquiry = checkSupportInquiry(input);
  if (!ctx.supportLimiter.hit(clientIp)) throw new ApiError(429, 'Too many requests. Please wait a minute and try again.', 'rate_limited');
  const data = { name: inquiry.name, email: inquiry.email, message: inquiry.message };
  // Forward first: if the receipt cannot be recorded, support still has the message.
  await acceptMailRequest(ctx, { messageId: randomUUID(), to: ctx.supportEmail, template: 'support-forward', data });
  await acceptMailRequest(ctx, { messageId: randomUUID(), to: inquiry.email, template: 'support-receipt', data });
  return { success: true, message: SUPPORT_SENT };
}

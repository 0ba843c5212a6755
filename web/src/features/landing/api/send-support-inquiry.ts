import { useMutation } from '@tanstack/react-query';
import type { SupportInquiryBody } from '@citecheck/proto/http/support';
import { api } from '@/lib/api-client';

export type SupportInquiry = SupportInquiryBody;

/** POST /api/support-inquiry; non-OK is an error. */
export function sendSupportInquiry(input: SupportInquiry): Promise<unknown> {
  return api.post('/api/support-inquiry', input);
}

export function useSendSupportInquiry() {
  return useMutation({ mutationFn: sendSupportInquiry });
}

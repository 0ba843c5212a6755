import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SupportInquiry {
  name: string;
  email: string;
  message: string;
}

/** POST /api/support-inquiry; non-OK is an error. */
export function sendSupportInquiry(input: SupportInquiry): Promise<unknown> {
  return api.post('/api/support-inquiry', input);
}

export function useSendSupportInquiry() {
  return useMutation({ mutationFn: sendSupportInquiry });
}

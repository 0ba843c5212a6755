/** SPEC section 5: a support inquiry needs a name, an e-mail and a message. */
import { ApiError } from '@citecheck/proto';

export const SUPPORT_FIELDS_REQUIRED = 'Name, email, and message are required.';
export const SUPPORT_SENT = 'Support inquiry sent';

export interface SupportInquiry {
  name: string;
  email: string;
  message: string;
}

const LIMITS = { name: 200, email: 254, message: 10_000 };

/** Throws the error the form shows when an inquiry (trimmed fields) is incomplete or malformed. */
export function checkSupportInquiry(inquiry: SupportInquiry): SupportInquiry {
  if (!inquiry.name || !inquiry.email || !inquiry.message) throw new ApiError(400, SUPPORT_FIELDS_REQUIRED, 'missing_fields');
  // The e-mail input is of type email in the form; the server checks the same shape.
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(inquiry.email)) throw new ApiError(400, 'Please enter a valid email address.', 'invalid_email');
  for (const key of Object.keys(LIMITS) as (keyof SupportInquiry)[]) {
    if (inquiry[key].length > LIMITS[key]) throw new ApiError(400, `The ${key} is too long (at most ${LIMITS[key]} characters).`, 'too_long');
  }
  return inquiry;
}

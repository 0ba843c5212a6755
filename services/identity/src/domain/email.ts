/** E-mail addresses: compared case-insensitively, so the stored key is trimmed and lower-cased. */

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * SPEC section 5 asks only for an @ and a dot; the server also refuses spaces, a missing
 * local part or domain, and addresses longer than RFC 5321 allows.
 */
export function isValidEmail(email: string): boolean {
  const value = email.trim();
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

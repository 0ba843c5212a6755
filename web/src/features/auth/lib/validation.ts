/**
 * The form rules of SPEC section 5 as pure functions returning the exact message to show,
 * or null when the input passes.
 */

export interface Problem {
  title: string;
  description: string;
}

/** SPEC: "email must contain @ and ." */
export function looksLikeEmail(email: string): boolean {
  return email.includes('@') && email.includes('.');
}

/** Registration dialog (visitors who want to upload). */
export function checkRegistration(input: { name: string; email: string }): Problem | null {
  if (!input.name.trim() || !input.email.trim()) {
    return { title: 'Missing Information', description: 'Please fill in all required fields.' };
  }
  if (!looksLikeEmail(input.email)) {
    return { title: 'Invalid Email', description: 'Please enter a valid email address.' };
  }
  return null;
}

/** Auth dialog, login mode: the password is optional (free accounts have none). */
export function checkLogin(input: { email: string }): string | null {
  return input.email.trim() ? null : 'Please enter your email address';
}

export function checkForgotPassword(input: { email: string }): string | null {
  return input.email.trim() ? null : 'Please enter your email address';
}

/** Auth dialog, register mode (free account, optionally with a coupon). */
export function checkFreeAccount(input: {
  name: string;
  email: string;
  acceptTerms: boolean;
  useCoupon: boolean;
  couponCode: string;
  password: string;
}): string | null {
  if (!input.name.trim() || !input.email.trim()) return 'Please fill in all fields';
  if (!input.acceptTerms) return 'Please accept the Terms of Service and Privacy Policy to create an account';
  if (input.useCoupon && (!input.couponCode.trim() || !input.password)) return 'Please enter both coupon code and password';
  return null;
}

export const MIN_PASSWORD_LENGTH = 8;

/** /reset-password form. */
export function checkNewPassword(input: { password: string; confirm: string }): Problem | null {
  if (!input.password || !input.confirm) {
    return { title: 'All fields required', description: 'Please fill in all password fields' };
  }
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    return { title: 'Password too short', description: 'Password must be at least 8 characters long' };
  }
  if (input.password !== input.confirm) {
    return { title: "Passwords don't match", description: 'Please make sure both password fields match' };
  }
  return null;
}

/** Heuristic for "Email already registered": a 409, or a server message that says so. */
export function isAlreadyRegistered(status: number | undefined, message: string | undefined): boolean {
  return status === 409 || /already (registered|exists)/i.test(message ?? '');
}

/**
 * The login answer 'Check Your Email' (403 `check_email`): signing in by e-mail alone from a
 * browser that never proved the address mails a one-click sign-in link instead.
 */
export function isSignInLinkSent(status: number | undefined, body: unknown): boolean {
  return status === 403 && typeof body === 'object' && body !== null && (body as { error?: unknown }).error === 'check_email';
}

/**
 * Registering an address: the server's answer says which link it mailed. A verified address
 * registered again from a browser that never proved it gets a sign-in link (its wording:
 * 'Check Your Email: we sent you a sign-in link. ...'), a new one a verification link.
 */
export function mailedLinkKind(message: string | undefined): 'sign-in' | 'verification' {
  return /sign-in link/i.test(message ?? '') ? 'sign-in' : 'verification';
}

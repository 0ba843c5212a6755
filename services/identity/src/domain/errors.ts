/**
 * Every failure identity shows a user, as a typed ApiError with its HTTP status. Wording in
 * quotes in SPEC.md (sections 5 and 8) is used verbatim; where SPEC shows none, the message
 * says plainly what went wrong and what to do.
 */
import { ApiError } from '@citecheck/proto';

export const messages = {
  missingRegistrationFields: 'Please fill in all required fields.',
  invalidEmail: 'Please enter a valid email address.',
  missingFreeFields: 'Please fill in all fields',
  alreadyRegistered: 'This email is already registered. Please use the Sign In option instead.',
  emailRequired: 'Please enter your email address',
  badCredentials: 'Please check your credentials',
  notVerified: 'Please verify your email address first: open the link we sent you, then sign in.',
  welcomeBack: 'Welcome back!',
  checkEmail: 'Check Your Email: we sent you a verification link. Open it to continue.',
  /**
   * The one answer to registering or signing in by e-mail from a browser that never proved the
   * address, whether the address is unknown, waiting for verification or verified: the answer
   * must not tell anyone which (issue 28, Low).
   */
  checkEmailSignIn: 'Check Your Email: if this address can sign in, we sent it a link. Open it to continue.',
  signInLinkOtherBrowser: 'This sign-in link works only in the browser where you asked for it. Please sign in again here to receive a new link.',
  otherAccountSignedIn: 'You are signed in to another account in this browser. Choose which account to use.',
  invalidName: 'Please enter your name: up to 100 characters of letters, spaces and . , \' - only, without web addresses.',
  verificationMissing: 'Invalid Verification Link: invalid or missing required parameters.',
  verificationFailed: 'Verification failed',
  verificationExpired: 'Verification failed: this link has expired. Register again to receive a new one.',
  verificationUsed: 'Verification failed: this link has already been used.',
  // A sign-in link is a verification link to an address already verified: asking again mails a new one.
  signInLinkExpired: 'Verification failed: this sign-in link has expired. Sign in again to receive a new one.',
  passwordTooShortSetup: 'Password must be at least 8 characters long.',
  passwordTooShortReset: 'Password must be at least 8 characters long',
  passwordFieldsRequired: 'Please fill in all password fields',
  invalidResetToken: 'Invalid reset token',
  resetSent: 'If an account exists for this email, we have sent a password reset link. It expires after 1 hour.',
  resetDone: 'Password reset successful',
  couponFieldsRequired: 'Please enter both coupon code and password',
  couponInvalid: 'Coupon application failed: this coupon code is not valid.',
  couponExhausted: 'Coupon application failed: this coupon has reached its usage limit.',
  couponAlreadyUsed: 'Coupon application failed: a coupon has already been applied to this account.',
  couponNewAccountsOnly: 'Coupon application failed: coupons apply only to accounts just created and not yet verified.',
  accountNotFound: 'No account is registered with this email address.',
  passwordSetupFailed: 'Password setup failed',
  accountCreationFailed: 'Failed to create account after payment',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  authRequired: 'Please sign in to continue.',
  adminRequired: 'Invalid email or password',
  adminNotConfigured: 'Admin access is not configured on this server.',
  userNotFound: 'User not found',
  alreadyVerified: 'This email address is already verified.',
  reportLimitReached: 'Report limit reached',
  paymentRequired: 'Payment Required: the last payment for your subscription did not go through. Uploads resume once it is paid.',
} as const;

export const badRequest = (message: string, code = 'bad_request', extra: Record<string, unknown> = {}) =>
  new ApiError(400, message, code, extra);
export const unauthorized = (message: string = messages.authRequired, code = 'unauthorized') => new ApiError(401, message, code);
export const forbidden = (message: string, code = 'forbidden') => new ApiError(403, message, code);
export const notFound = (message: string, code = 'not_found') => new ApiError(404, message, code);
export const conflict = (message: string, code = 'conflict') => new ApiError(409, message, code);
export const tooManyRequests = () => new ApiError(429, messages.rateLimited, 'rate_limited');

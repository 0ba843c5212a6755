import { z } from 'zod';
import { lenientFlag, lenientPassword, lenientText } from './lenient';

/**
 * Bodies of identity's REST calls (SPEC section 7, "Authentication and accounts"). Lenient on
 * purpose: a missing or non-string field becomes '' (a flag becomes false), so the use case
 * answers with SPEC's own wording ('Please fill in all fields', ...) rather than a schema
 * error. Text fields are trimmed; passwords are kept as typed, since spaces are characters.
 */
const text = lenientText;
const password = lenientPassword;
const flag = lenientFlag;

/** POST /api/auth/register. */
export const registerBodySchema = z.object({ name: text, email: text, newsletterOptIn: flag });
/**
 * POST /api/register/free. The coupon sign-up sends its code along (SPEC section 3: a coupon
 * registration carries it), so a code that does not exist is refused before the account is made.
 */
export const registerFreeBodySchema = registerBodySchema.extend({ couponCode: text });
/** POST /api/register/paid. */
export const registerPaidBodySchema = registerBodySchema.extend({ password });
/** POST /api/auth/login; the password is optional (free accounts sign in by e-mail). */
export const loginBodySchema = z.object({ email: text, password });
/** POST /api/admin/login, `adminLogin`. */
export const adminLoginBodySchema = z.object({ email: text, password });
/** POST /api/apply-coupon. */
export const applyCouponBodySchema = z.object({ email: text, couponCode: text });
/** POST /api/set-coupon-password. */
export const setCouponPasswordBodySchema = z.object({ email: text, password });
/** POST /api/auth/forgot-password. */
export const forgotPasswordBodySchema = z.object({ email: text });
/** POST /api/auth/reset-password. */
export const resetPasswordBodySchema = z.object({ token: text, password });
/** The `token` query parameter of GET /api/verify-email and GET /api/auth/verify-reset-token. */
export const tokenQuerySchema = z.object({ token: text });

export type RegisterBody = z.output<typeof registerBodySchema>;
export type RegisterFreeBody = z.output<typeof registerFreeBodySchema>;
export type RegisterPaidBody = z.output<typeof registerPaidBodySchema>;
export type LoginBody = z.output<typeof loginBodySchema>;
export type ApplyCouponBody = z.output<typeof applyCouponBodySchema>;
export type SetCouponPasswordBody = z.output<typeof setCouponPasswordBodySchema>;
export type ForgotPasswordBody = z.output<typeof forgotPasswordBodySchema>;
export type ResetPasswordBody = z.output<typeof resetPasswordBodySchema>;

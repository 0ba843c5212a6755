import { describe, expect, it } from '@jest/globals';
import { checkFreeAccount, checkLogin, checkNewPassword, checkRegistration, isAlreadyRegistered, isSignInLinkSent, mailedLinkKind } from './validation';

const account = { name: 'Ann', email: 'ann@firm.com', acceptTerms: true, useCoupon: false, couponCode: '', password: '' };

describe('SPEC section 5 messages', () => {
  it('registration dialog', () => {
    expect(checkRegistration({ name: '', email: 'a@b.c' })).toEqual({ title: 'Missing Information', description: 'Please fill in all required fields.' });
    expect(checkRegistration({ name: 'A', email: 'ab.c' })).toEqual({ title: 'Invalid Email', description: 'Please enter a valid email address.' });
    expect(checkRegistration({ name: 'A', email: 'a@bc' })?.title).toBe('Invalid Email');
    expect(checkRegistration({ name: 'A', email: 'a@b.c' })).toBeNull();
  });
  it('login needs only the email', () => {
    expect(checkLogin({ email: ' ' })).toBe('Please enter your email address');
    expect(checkLogin({ email: 'a@b.c' })).toBeNull();
  });
  it('free account, terms and coupon', () => {
    expect(checkFreeAccount({ ...account, name: '' })).toBe('Please fill in all fields');
    expect(checkFreeAccount({ ...account, acceptTerms: false })).toBe('Please accept the Terms of Service and Privacy Policy to create an account');
    expect(checkFreeAccount({ ...account, useCoupon: true, couponCode: 'SAVE' })).toBe('Please enter both coupon code and password');
    expect(checkFreeAccount({ ...account, useCoupon: true, couponCode: 'SAVE', password: 'longenough' })).toBeNull();
    expect(checkFreeAccount(account)).toBeNull();
  });
  it('reset password', () => {
    expect(checkNewPassword({ password: '', confirm: 'x' })).toEqual({ title: 'All fields required', description: 'Please fill in all password fields' });
    expect(checkNewPassword({ password: 'short', confirm: 'short' })).toEqual({ title: 'Password too short', description: 'Password must be at least 8 characters long' });
    expect(checkNewPassword({ password: 'abcdefgh', confirm: 'abcdefgX' })).toEqual({ title: "Passwords don't match", description: 'Please make sure both password fields match' });
    expect(checkNewPassword({ password: 'abcdefgh', confirm: 'abcdefgh' })).toBeNull();
  });
  it('recognises the mailed sign-in link answer of an e-mail-only sign-in', () => {
    expect(isSignInLinkSent(403, { error: 'check_email', message: 'Check Your Email: we sent you a sign-in link. Open it to continue.' })).toBe(true);
    expect(isSignInLinkSent(403, { error: 'email_not_verified' })).toBe(false);
    expect(isSignInLinkSent(401, { error: 'check_email' })).toBe(false);
    expect(isSignInLinkSent(403, 'check_email')).toBe(false);
    expect(isSignInLinkSent(403, null)).toBe(false);
  });
  it('tells which link a registration mailed', () => {
    expect(mailedLinkKind('Check Your Email: we sent you a sign-in link. Open it to continue.')).toBe('sign-in');
    expect(mailedLinkKind('Check Your Email: we sent you a verification link. Open it to continue.')).toBe('verification');
    expect(mailedLinkKind(undefined)).toBe('verification');
  });
  it('recognises an already registered email', () => {
    expect(isAlreadyRegistered(409, undefined)).toBe(true);
    expect(isAlreadyRegistered(400, 'Email already registered')).toBe(true);
    expect(isAlreadyRegistered(500, 'Database down')).toBe(false);
  });
});

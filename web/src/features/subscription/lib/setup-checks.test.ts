import { describe, expect, it } from '@jest/globals';
import { canSubmitSetup, checkAccountSetup } from './setup-checks';

describe('account setup checks (SPEC section 5)', () => {
  it.each([
    ['', '', false],
    ['long enough', '', false],
    ['', 'long enough', false],
    ['x', 'y', true],
  ])('password %j and confirmation %j: button enabled %s', (password, confirm, enabled) => {
    expect(canSubmitSetup({ password, confirm })).toBe(enabled);
  });

  it.each([
    ['correct horse', 'correct horsE', { title: 'Password Mismatch', description: 'Passwords do not match. Please try again.' }],
    ['short', 'short', { title: 'Password Too Short', description: 'Password must be at least 8 characters long.' }],
    ['1234567', '1234567', { title: 'Password Too Short', description: 'Password must be at least 8 characters long.' }],
    ['12345678', '12345678', null],
  ])('%j / %j -> %j', (password, confirm, problem) => {
    expect(checkAccountSetup({ password, confirm })).toEqual(problem);
  });
});

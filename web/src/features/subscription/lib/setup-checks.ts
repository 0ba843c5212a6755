/**
 * SPEC section 5, "Account setup": the passwords must match ('Password Mismatch': 'Passwords do
 * not match. Please try again.'), be at least 8 characters ('Password Too Short': 'Password must
 * be at least 8 characters long.'), and the button is disabled while either field is empty.
 */
export const MIN_SETUP_PASSWORD_LENGTH = 8;

export interface SetupProblem {
  title: string;
  description: string;
}

/** Complete Setup may be pressed only once both fields hold something. */
export function canSubmitSetup(input: { password: string; confirm: string }): boolean {
  return input.password.length > 0 && input.confirm.length > 0;
}

export function checkAccountSetup(input: { password: string; confirm: string }): SetupProblem | null {
  if (input.password !== input.confirm) return { title: 'Password Mismatch', description: 'Passwords do not match. Please try again.' };
  if (input.password.length < MIN_SETUP_PASSWORD_LENGTH) return { title: 'Password Too Short', description: 'Password must be at least 8 characters long.' };
  return null;
}

import { z } from 'zod';

/**
 * Field parsers for REST bodies that answer bad input in SPEC's own wording rather than with a
 * schema error: a missing or non-string field becomes '' (a flag becomes false), so the use
 * case says 'Please fill in all fields'. Text is trimmed; a password is kept as typed, since
 * spaces are characters.
 */
export const lenientText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' ? value.trim() : ''));
export const lenientPassword = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' ? value : ''));
export const lenientFlag = z
  .unknown()
  .optional()
  .transform((value) => value === true);

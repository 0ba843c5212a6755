import { z } from 'zod';

/** Accounts: keyed by userId. */

export const userTypeSchema = z.enum(['free', 'premium', 'enterprise']);

export const userRegisteredSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  newsletterOptIn: z.boolean(),
  userType: userTypeSchema,
  registeredAt: z.string().datetime(),
});

export const userVerifiedSchema = z.object({
  userId: z.string(),
  email: z.string(),
  verifiedAt: z.string().datetime(),
});

export const userDeletedSchema = z.object({
  userId: z.string(),
  email: z.string(),
  deletedAt: z.string().datetime(),
});

export const subscriptionChangedSchema = z.object({
  userId: z.string().nullable(),
  email: z.string(),
  userType: userTypeSchema,
  reportLimit: z.number().int().nonnegative(),
  status: z.enum(['active', 'cancelling', 'cancelled', 'past_due']),
  changedAt: z.string().datetime(),
});

export type UserType = z.infer<typeof userTypeSchema>;
export type UserRegistered = z.infer<typeof userRegisteredSchema>;
export type UserVerified = z.infer<typeof userVerifiedSchema>;
export type UserDeleted = z.infer<typeof userDeletedSchema>;
export type SubscriptionChanged = z.infer<typeof subscriptionChangedSchema>;

/**
 * Analytics' own copies: usage records per document, and a directory of users (name,
 * e-mail, verified) kept from identity's account events, so a record names its user
 * without asking identity.
 */
import type { Collection, Store } from '@citecheck/platform';
import type { UsageRecord } from '../domain/usage';

export interface KnownUser {
  id: string; // userId
  name: string;
  email: string;
  isVerified: boolean;
}

export function usageCollection(store: Store): Collection<UsageRecord> {
  return store.collection<UsageRecord>({ name: 'usage_metrics', indexes: [{ fields: ['createdAt'] }, { fields: ['userId'] }] });
}

export function usersCollection(store: Store): Collection<KnownUser> {
  return store.collection<KnownUser>({ name: 'users' });
}

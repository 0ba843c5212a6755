/**
 * Analytics' own copies: usage records per document, and a directory of users (name,
 * e-mail, verified) kept from identity's account events, so a record names its user
 * without asking identity. The only code in analytics that writes the store's syntax.
 */
import { DuplicateKeyError, type Collection, type Store } from '@citecheck/platform';
import type { UsageRecord } from '../domain/usage';

export interface KnownUser {
  id: string; // userId
  name: string;
  email: string;
  isVerified: boolean;
  /** The account was deleted: name and e-mail are gone, and later events about it add none. */
  deleted?: boolean;
}

export interface UsageRepository {
  exists(documentId: string): Promise<boolean>;
  /** One record per document: false when it was recorded before (a redelivered or resumed upload). */
  recordUpload(record: UsageRecord): Promise<boolean>;
  /** Applies the pipeline's outcome, only while the record is still processing (a later recheck changes nothing). */
  recordOutcome(documentId: string, change: Partial<UsageRecord>): Promise<void>;
  recordReport(documentId: string, change: Partial<UsageRecord>): Promise<void>;
  /** Records made before the user's verification arrived name them as verified too. */
  markUserVerified(userId: string): Promise<void>;
  /** The user's records keep their figures and lose who and what: name, e-mail, file name, network. */
  anonymiseUser(userId: string): Promise<number>;
  /** Tests and figures. */
  get(documentId: string): Promise<UsageRecord | null>;
  count(): Promise<number>;
  /** Every record, newest first (the admin's stats). */
  list(): Promise<UsageRecord[]>;
}

export interface UserDirectory {
  byId(userId: string): Promise<KnownUser | null>;
  /** Creates or overwrites the entry (the same values twice change nothing). */
  save(user: KnownUser): Promise<void>;
}

/** What a deleted account's usage record keeps of its account: nothing. */
export const ANONYMOUS: Pick<UsageRecord, 'userId' | 'user' | 'documentName' | 'ipAddress'> = {
  userId: null,
  user: { name: null, email: null, isVerified: false },
  documentName: '(deleted account)',
  ipAddress: null,
};

export function usageRepository(store: Store): UsageRepository {
  const usage = store.collection<UsageRecord>({ name: 'usage_metrics', indexes: [{ fields: ['createdAt'] }, { fields: ['userId'] }] });
  return {
    exists: async (documentId) => (await usage.get(documentId)) !== null,
    async recordUpload(record) {
      try {
        await usage.insert(record);
        return true;
      } catch (error) {
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
    },
    async recordOutcome(documentId, change) {
      await usage.update(documentId, { $set: change }, { status: 'processing' });
    },
    async recordReport(documentId, change) {
      await usage.update(documentId, { $set: change });
    },
    async markUserVerified(userId) {
      await usage.updateMany({ userId }, { $set: { 'user.isVerified': true } as never });
    },
    anonymiseUser: (userId) => usage.updateMany({ userId }, { $set: { ...ANONYMOUS } }),
    get: (documentId) => usage.get(documentId),
    count: () => usage.count(),
    list: () => usage.find({}, { sort: { createdAt: -1 } }),
  };
}

export function userDirectory(store: Store): UserDirectory {
  const users: Collection<KnownUser> = store.collection<KnownUser>({ name: 'users' });
  return {
    byId: (userId) => users.get(userId),
    async save(user) {
      if (await users.update(user.id, { $set: user })) return;
      try {
        await users.insert(user);
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        await users.update(user.id, { $set: user });
      }
    },
  };
}

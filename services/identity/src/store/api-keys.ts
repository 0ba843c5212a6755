/** API keys: found by their public id; the secret only as its SHA-256 (domain/api-keys.ts). */
import type { Collection, Store } from '@citecheck/platform';

export interface ApiKeyDoc {
  /** The key's public id (16 hex digits). */
  id: string;
  userId: string;
  name: string;
  /** SHA-256 of the secret part (hex). */
  secretHash: string;
  createdAt: string;
  /**
   * ISO time of the last use, '' before the first (a string, not null, so the conditional
   * update below compares alike in every store adapter). Kept to the minute: a write per call
   * would cost more than the dashboard gains.
   */
  lastUsedAt: string;
  revoked: boolean;
  revokedAt: string | null;
  /** 'owner' or the admin's e-mail address. */
  revokedBy: string | null;
}

export interface ApiKeyRepository {
  add(key: ApiKeyDoc): Promise<void>;
  byId(id: string): Promise<ApiKeyDoc | null>;
  /** The user's keys, newest first. */
  ofUser(userId: string): Promise<ApiKeyDoc[]>;
  countActiveOf(userId: string): Promise<number>;
  /** Every key, newest first (the admin's list). */
  newestFirst(): Promise<ApiKeyDoc[]>;
  /** Null when the key was already revoked: two revocations at once revoke once. */
  revoke(id: string, at: string, by: string): Promise<ApiKeyDoc | null>;
  /** Records a use, unless one was recorded at or after `staleBefore` (a minute ago). */
  touch(id: string, at: string, staleBefore: string): Promise<void>;
  deleteAllOf(userId: string): Promise<void>;
}

export function apiKeyRepository(store: Store): ApiKeyRepository {
  const keys: Collection<ApiKeyDoc> = store.collection<ApiKeyDoc>({ name: 'api_keys', indexes: [{ fields: ['userId'] }, { fields: ['createdAt'] }] });
  return {
    async add(key) {
      await keys.insert(key);
    },
    byId: (id) => keys.get(id),
    ofUser: (userId) => keys.find({ userId }, { sort: { createdAt: -1 } }),
    countActiveOf: (userId) => keys.count({ userId, revoked: false }),
    newestFirst: () => keys.find({}, { sort: { createdAt: -1 } }),
    revoke: (id, at, by) => keys.update(id, { $set: { revoked: true, revokedAt: at, revokedBy: by } }, { revoked: false }),
    async touch(id, at, staleBefore) {
      // '' (never used) sorts before every time, so one condition covers both cases.
      await keys.update(id, { $set: { lastUsedAt: at } }, { lastUsedAt: { $lt: staleBefore } });
    },
    async deleteAllOf(userId) {
      await keys.deleteMany({ userId });
    },
  };
}

/** Sessions, keyed by the SHA-256 of their bearer token. */
import type { Collection } from '@citecheck/platform';
import type { SessionDoc } from './documents';

export interface SessionRepository {
  open(session: SessionDoc): Promise<void>;
  byId(tokenHash: string): Promise<SessionDoc | null>;
  revoke(tokenHash: string): Promise<void>;
  /** Signs a user out everywhere (after a password reset). */
  revokeAllOf(userId: string): Promise<void>;
  deleteAllOf(userId: string): Promise<void>;
}

export function sessionRepository(sessions: Collection<SessionDoc>): SessionRepository {
  return {
    async open(session) {
      await sessions.insert(session);
    },
    byId: (tokenHash) => sessions.get(tokenHash),
    async revoke(tokenHash) {
      await sessions.update(tokenHash, { $set: { revoked: true } });
    },
    async revokeAllOf(userId) {
      await sessions.updateMany({ userId, revoked: false }, { $set: { revoked: true } });
    },
    async deleteAllOf(userId) {
      await sessions.deleteMany({ userId });
    },
  };
}

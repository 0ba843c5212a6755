/** The admin's sessions, keyed by the SHA-256 of the `citecheck_admin` cookie's token. */
import type { Store } from '@citecheck/platform';

export interface AdminSessionDoc {
  /** SHA-256 of the cookie's token. */
  id: string;
  /** The admin e-mail it was opened for: a session outlives no change of ADMIN_EMAIL. */
  email: string;
  createdAt: string;
  expiresAt: string;
}

export interface AdminSessionRepository {
  open(session: AdminSessionDoc): Promise<void>;
  byId(tokenHash: string): Promise<AdminSessionDoc | null>;
  close(tokenHash: string): Promise<void>;
  /** Drops sessions that ended before `now` (ISO); they are refused anyway. */
  deleteExpired(now: string): Promise<number>;
}

export function adminSessionRepository(store: Store): AdminSessionRepository {
  const sessions = store.collection<AdminSessionDoc>({ name: 'admin_sessions', indexes: [{ fields: ['expiresAt'] }] });
  return {
    async open(session) {
      await sessions.insert(session);
    },
    byId: (tokenHash) => sessions.get(tokenHash),
    async close(tokenHash) {
      await sessions.delete(tokenHash);
    },
    deleteExpired: (now) => sessions.deleteMany({ expiresAt: { $lt: now } }),
  };
}

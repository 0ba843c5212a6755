/** One-time tokens (e-mail verification, password reset), keyed by their SHA-256. */
import type { Collection } from '@citecheck/platform';
import type { TokenDoc } from './documents';

export interface TokenRepository {
  issue(token: TokenDoc): Promise<void>;
  byId(tokenHash: string): Promise<TokenDoc | null>;
  /** Null when the token was already used: of two concurrent uses, one wins. */
  useUp(tokenHash: string): Promise<TokenDoc | null>;
  deleteAllOf(userId: string): Promise<void>;
  /** Forgets the user's unused tokens of one kind (claims issued before verification). */
  voidUnusedOf(userId: string, kind: TokenDoc['kind']): Promise<void>;
  /** Forgets one token (a browser's device token at sign-out). */
  remove(tokenHash: string): Promise<void>;
}

export function tokenRepository(tokens: Collection<TokenDoc>): TokenRepository {
  return {
    async issue(token) {
      await tokens.insert(token);
    },
    byId: (tokenHash) => tokens.get(tokenHash),
    useUp: (tokenHash) => tokens.update(tokenHash, { $set: { used: true } }, { used: false }),
    async deleteAllOf(userId) {
      await tokens.deleteMany({ userId });
    },
    async voidUnusedOf(userId, kind) {
      await tokens.deleteMany({ userId, kind, used: false });
    },
    async remove(tokenHash) {
      await tokens.deleteMany({ id: tokenHash });
    },
  };
}

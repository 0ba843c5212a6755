/** What the dashboard and the admin console see of a key: never its secret, nor its digest. */
import { keyPrefix } from '../domain/api-keys';
import type { ApiKeyDoc } from '../store';

export interface ApiKeyView {
  id: string;
  name: string;
  /** `cck_<id>`: enough to recognise the key, nothing to use it. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revoked: boolean;
  revokedAt: string | null;
  /** The owner's e-mail address: in the admin's list only. */
  ownerEmail?: string | null;
}

export function toApiKeyView(doc: ApiKeyDoc): ApiKeyView {
  return {
    id: doc.id,
    name: doc.name,
    prefix: keyPrefix(doc.id),
    createdAt: doc.createdAt,
    lastUsedAt: doc.lastUsedAt || null,
    revoked: doc.revoked,
    revokedAt: doc.revokedAt,
  };
}

/** The IP blacklist and the admin audit log. The only code in analytics that writes their store syntax. */
import { DuplicateKeyError, type Store } from '@citecheck/platform';
import type { BlockedIp } from '../domain/blacklist';

export interface AuditEntry {
  id: string; // the admin.action event's id: a redelivery is stored once
  at: string;
  actor: string;
  action: string;
  target: string;
  ipAddress: string | null;
}

export interface BlacklistRepository {
  /** False when the address was blocked already (the first block stands). */
  add(entry: BlockedIp): Promise<boolean>;
  get(ipAddress: string): Promise<BlockedIp | null>;
  /** False when it was not blocked. */
  remove(ipAddress: string): Promise<boolean>;
  /** Newest first. */
  list(): Promise<BlockedIp[]>;
}

export interface AuditRepository {
  /** False when the entry was stored before. */
  add(entry: AuditEntry): Promise<boolean>;
  newest(limit: number): Promise<AuditEntry[]>;
}

async function insertOnce<T extends { id: string }>(insert: () => Promise<T>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false;
    throw error;
  }
}

export function blacklistRepository(store: Store): BlacklistRepository {
  const blocked = store.collection<BlockedIp>({ name: 'blocked_ips', indexes: [{ fields: ['blockedAt'] }] });
  return {
    add: (entry) => insertOnce(() => blocked.insert(entry)),
    get: (ipAddress) => blocked.get(ipAddress),
    remove: (ipAddress) => blocked.delete(ipAddress),
    list: () => blocked.find({}, { sort: { blockedAt: -1 } }),
  };
}

export function auditRepository(store: Store): AuditRepository {
  const audit = store.collection<AuditEntry>({ name: 'admin_audit', indexes: [{ fields: ['at'] }] });
  return {
    add: (entry) => insertOnce(() => audit.insert(entry)),
    newest: (limit) => audit.find({}, { sort: { at: -1 }, limit }),
  };
}

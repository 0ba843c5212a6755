/** The public API's calls, one record per `api.called` event (analytics owns usage). */
import { DuplicateKeyError, type Store } from '@citecheck/platform';
import type { ApiCallRecord } from '../domain/api-usage';

export interface ApiCallRepository {
  /** False when the event was recorded before (a redelivery). */
  add(record: ApiCallRecord): Promise<boolean>;
  countOfKey(keyId: string): Promise<number>;
  /** Calls at or after `since` (ISO), oldest first. */
  since(since: string): Promise<ApiCallRecord[]>;
}

export function apiCallRepository(store: Store): ApiCallRepository {
  const calls = store.collection<ApiCallRecord>({ name: 'api_calls', indexes: [{ fields: ['keyId'] }, { fields: ['at'] }] });
  return {
    async add(record) {
      try {
        await calls.insert(record);
        return true;
      } catch (error) {
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
    },
    countOfKey: (keyId) => calls.count({ keyId }),
    since: (since) => calls.find({ at: { $gte: since } }, { sort: { at: 1 } }),
  };
}

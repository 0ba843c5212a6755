/** Plans bought before their account exists, keyed by the lower-cased e-mail. */
import { DuplicateKeyError, type Collection } from '@citecheck/platform';
import type { PendingPlanDoc } from './documents';

export interface PendingPlanRepository {
  byEmailKey(key: string): Promise<PendingPlanDoc | null>;
  remove(key: string): Promise<void>;
  /** Stores the plan unless a later change is already kept for that address. */
  keepLatest(plan: PendingPlanDoc): Promise<void>;
}

export function pendingPlanRepository(plans: Collection<PendingPlanDoc>): PendingPlanRepository {
  return {
    byEmailKey: (key) => plans.get(key),
    async remove(key) {
      await plans.delete(key);
    },
    async keepLatest(plan) {
      if (!(await plans.get(plan.id))) {
        try {
          await plans.insert(plan);
          return;
        } catch (error) {
          if (!(error instanceof DuplicateKeyError)) throw error;
        }
      }
      await plans.update(plan.id, { $set: plan }, { changedAt: { $lt: plan.changedAt } });
    },
  };
}

/** Reports taken from a user's limit while their upload is processed. */
import type { Collection } from '@citecheck/platform';
import type { ReservationDoc } from './documents';

export interface ReservationRepository {
  hold(reservation: ReservationDoc): Promise<void>;
  /** The released reservation, or null when it was not held by this user (or already released). */
  release(reservationId: string, userId: string): Promise<ReservationDoc | null>;
  deleteAllOf(userId: string): Promise<void>;
}

export function reservationRepository(reservations: Collection<ReservationDoc>): ReservationRepository {
  return {
    async hold(reservation) {
      await reservations.insert(reservation);
    },
    release: (reservationId, userId) => reservations.update(reservationId, { $set: { status: 'released' } }, { status: 'held', userId }),
    async deleteAllOf(userId) {
      await reservations.deleteMany({ userId });
    },
  };
}

/**
 * Coupons are configured by the operator in `COUPONS`: comma-separated `CODE:plan[:useLimit]`,
 * e.g. `LAWFIRM100:premium:50,ENTERPRISE1:enterprise`. Codes are compared upper-cased (SPEC
 * section 5: the code is upper-cased as typed).
 */
import type { UserType } from '@citecheck/proto';

export interface Coupon {
  code: string;
  plan: Exclude<UserType, 'free'>;
  /** Maximum redemptions; null means unlimited. */
  useLimit: number | null;
}

export class CouponConfigError extends Error {
  constructor(readonly entry: string, reason: string) {
    super(`COUPONS entry "${entry}": ${reason}`);
    this.name = 'CouponConfigError';
  }
}

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Parses `COUPONS`; throws CouponConfigError on the first bad entry so start-up fails fast. */
export function parseCoupons(raw: string | undefined): Map<string, Coupon> {
  const coupons = new Map<string, Coupon>();
  for (const entry of (raw ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const [rawCode, rawPlan, rawLimit, ...rest] = entry.split(':').map((p) => p.trim());
    if (rest.length > 0) throw new CouponConfigError(entry, 'expected CODE:plan[:useLimit]');
    const code = normalizeCouponCode(rawCode ?? '');
    if (!/^[A-Z0-9_-]{3,64}$/.test(code)) throw new CouponConfigError(entry, 'code must be 3-64 letters, digits, - or _');
    if (rawPlan !== 'premium' && rawPlan !== 'enterprise') throw new CouponConfigError(entry, 'plan must be premium or enterprise');
    let useLimit: number | null = null;
    if (rawLimit !== undefined && rawLimit !== '') {
      useLimit = Number(rawLimit);
      if (!Number.isSafeInteger(useLimit) || useLimit < 1) throw new CouponConfigError(entry, 'useLimit must be a whole number of at least 1');
    }
    if (coupons.has(code)) throw new CouponConfigError(entry, 'code listed twice');
    coupons.set(code, { code, plan: rawPlan, useLimit });
  }
  return coupons;
}

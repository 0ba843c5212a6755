import type { AuthStatus } from '@citecheck/proto/graphql/types';

/** The account states the screens' tests sign in as (what the auth status query answers). */
export const PREMIUM: AuthStatus = { isVerified: true, isAuthenticated: true, user: { name: 'Paula Payer', email: 'paula@firm.test', userType: 'premium' }, accountSetupRequired: false };
export const FREE: AuthStatus = { isVerified: true, isAuthenticated: true, user: { name: 'Fred Free', email: 'fred@firm.test', userType: 'free' }, accountSetupRequired: false };
export const SIGNED_OUT: AuthStatus = { isVerified: false, isAuthenticated: false, user: null, accountSetupRequired: false };

/** @citecheck/identity: users, sessions, plans and report limits, coupons, admin authentication. */
export { service, SERVICE_NAME, typeDefs, type IdentitySettings } from './service';
export { identityConfigSchema, type IdentityConfig } from './config';
export { hashPassword, verifyPassword } from './domain/passwords';

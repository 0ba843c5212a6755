/**
 * Contracts that cross a process boundary: event envelopes, topics and payload schemas.
 * Every service imports these; nothing is copied.
 */
export * from './events/envelope';
export * from './events/document';
export * from './events/progress';
export * from './events/account';
export * from './events/mail';
export * from './events/billing';
export * from './events/admin';
export * from './events/api';
export * from './plans';
export * from './events/catalog';
export * from './http/errors';
export * from './http/identity';
export * from './http/support';
export * from './http/billing';
export * from './http/validation';
export * from './http/documents';
export * from './api/identity';
export * from './api/identity-client';
export * from './http/citation';
export * from './http/api-v1';
export * from './http/webhook-signature';
export * from './limits';
export * from './names';

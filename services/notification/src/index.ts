/** @citecheck/notification: e-mail templates, the outbox and its delivery, support inquiries. */
export { createService, service, SERVICE_NAME, typeDefs, type NotificationService, type NotificationSettings } from './service';
export { notificationConfigSchema, type NotificationConfig } from './config';
export { renderMail } from './domain/templates';

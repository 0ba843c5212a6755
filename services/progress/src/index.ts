export { service, SERVICE_NAME, typeDefs } from './service';
export { configSchema, type ProgressConfig } from './config';

export { AdminConsole } from './components/admin-console';

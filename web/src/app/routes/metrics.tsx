import { AdminConsole } from '@/features/admin';

export default function MetricsRoute() {
  return <AdminConsole />;
}

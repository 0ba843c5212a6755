import { DashboardView } from '@/features/dashboard';

export default function DashboardRoute() {
  return <DashboardView />;
}

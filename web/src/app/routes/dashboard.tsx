import { ApiKeysSection } from '@/features/api-keys';
import { DashboardView } from '@/features/dashboard';

export default function DashboardRoute() {
  return <DashboardView apiKeys={<ApiKeysSection />} />;
}

import { SubscriptionView } from '@/features/subscription';

export default function SubscriptionRoute() {
  return <SubscriptionView />;
}

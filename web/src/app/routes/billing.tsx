import { BillingView } from '@/features/billing';

export default function BillingRoute() {
  return <BillingView />;
}

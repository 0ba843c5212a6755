export { BillingView } from './components/billing-view';

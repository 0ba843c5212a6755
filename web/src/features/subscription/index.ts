export { UpgradeDialog, type UpgradeDialogProps } from './components/upgrade-dialog';
export { SubscriptionView } from './components/subscription-view';
export { PLANS, planToOffer, type PlanKey, type Plan } from './lib/plans';

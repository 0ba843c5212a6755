export { UpgradeDialog, type UpgradeDialogProps } from './components/upgrade-dialog';
export { SubscriptionView } from './components/subscription-view';
export { SetupNotice } from './components/setup-notice';
export { PLANS, planToOffer, type PlanKey, type Plan } from './lib/plans';

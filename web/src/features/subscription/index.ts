export { UpgradeDialog, type UpgradeDialogProps } from './components/upgrade-dialog';
export { PLANS, planToOffer, type PlanKey, type Plan } from './lib/plans';

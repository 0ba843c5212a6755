export { useSwitchToLinkAccount, useVerifyEmail } from './api/verify-email';
export { useVerifyResetToken } from './api/verify-reset-token';
export { useResetPassword } from './api/reset-password';
export { AuthDialogsProvider, useAuthDialogs, OPEN_AUTH_DIALOG_EVENT } from './components/auth-dialogs';
export { AccountControls } from './components/account-menu';
export type { AuthMode } from './components/auth-dialog';
export { checkNewPassword, MIN_PASSWORD_LENGTH } from './lib/validation';

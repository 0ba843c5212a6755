/** Every route of SPEC section 2 this client serves, written once. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  metrics: '/metrics',
  subscription: '/subscription',
  billing: '/billing',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  report: (reportId: string) => `/report/${encodeURIComponent(reportId)}`,
  results: (reportId: string) => `/results/${encodeURIComponent(reportId)}`,
} as const;

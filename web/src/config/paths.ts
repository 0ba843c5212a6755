/**
 * Every route of SPEC section 2 this client serves, written once: the router matches the
 * patterns in `routes`, and links and redirects build their addresses with `paths`.
 */
export const routes = {
  home: '/',
  dashboard: '/dashboard',
  metrics: '/metrics',
  subscription: '/subscription',
  billing: '/billing',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  report: '/report/:reportId',
  results: '/results/:reportId',
} as const;

const withReportId = (route: string, reportId: string) => route.replace(':reportId', encodeURIComponent(reportId));

export const paths = {
  home: routes.home,
  dashboard: routes.dashboard,
  metrics: routes.metrics,
  subscription: routes.subscription,
  billing: routes.billing,
  verifyEmail: routes.verifyEmail,
  resetPassword: routes.resetPassword,
  report: (reportId: string) => withReportId(routes.report, reportId),
  results: (reportId: string) => withReportId(routes.results, reportId),
} as const;

import { lazy } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from '@/config/paths';
import { AppLayout } from './layout';

// Every screen is its own chunk: the entry holds only the shell, so the first paint is small.
const HomeRoute = lazy(() => import('./routes/home'));
const ReportRoute = lazy(() => import('./routes/report'));
const VerifyEmailRoute = lazy(() => import('./routes/verify-email'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const DashboardRoute = lazy(() => import('./routes/dashboard'));
const BillingRoute = lazy(() => import('./routes/billing'));
const SubscriptionRoute = lazy(() => import('./routes/subscription'));
const MetricsRoute = lazy(() => import('./routes/metrics'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

/** SPEC section 2's routes; any other path is 'Page Not Found'. */
const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: routes.home, element: <HomeRoute /> },
      { path: routes.results, element: <ReportRoute /> },
      { path: routes.report, element: <ReportRoute /> },
      { path: routes.dashboard, element: <DashboardRoute /> },
      { path: routes.billing, element: <BillingRoute /> },
      { path: routes.subscription, element: <SubscriptionRoute /> },
      { path: routes.metrics, element: <MetricsRoute /> },
      { path: routes.verifyEmail, element: <VerifyEmailRoute /> },
      { path: routes.resetPassword, element: <ResetPasswordRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}

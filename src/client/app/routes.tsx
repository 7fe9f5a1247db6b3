import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageLoader } from './full-page-loader';
import { HomeRoute } from './home-route';
import { ProtectedRoute } from './protected-route';

// One chunk per page, so each screen downloads only what it needs.
const LoginPage = lazy(() => import('@/features/auth/pages/login-page'));
const SignupPage = lazy(() => import('@/features/auth/pages/signup-page'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('@/features/auth/pages/reset-password-page'));
const ConfirmEmailPage = lazy(() => import('@/features/auth/pages/confirm-email-page'));
const MailConfirmPage = lazy(() => import('@/features/mail/pages/mail-confirm-page'));
const MailUnsubscribePage = lazy(() => import('@/features/mail/pages/mail-unsubscribe-page'));
const VerifyPage = lazy(() => import('@/features/verify/pages/verify-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/pages/dashboard-page'));
const PropertiesPage = lazy(() => import('@/features/properties/pages/properties-page'));
const NewPropertyPage = lazy(() => import('@/features/properties/pages/new-property-page'));
const PropertyDetailsPage = lazy(() => import('@/features/properties/pages/property-details-page'));
const InspectionsPage = lazy(() => import('@/features/inspections/pages/inspections-page'));
const UpcomingInspectionsPage = lazy(() => import('@/features/inspections/pages/upcoming-inspections-page'));
const NewInspectionPage = lazy(() => import('@/features/inspections/pages/new-inspection-page'));
const InspectionDetailsPage = lazy(() => import('@/features/inspections/pages/inspection-details-page'));
const ReportsPage = lazy(() => import('@/features/reports/pages/reports-page'));
const BillingPage = lazy(() => import('@/features/billing/pages/billing-page'));
const BillingSuccessPage = lazy(() => import('@/features/billing/pages/billing-success-page'));
const BillingCancelledPage = lazy(() => import('@/features/billing/pages/billing-cancelled-page'));
const SettingsPage = lazy(() => import('@/features/settings/pages/settings-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Routes>
        <Route path="/" element={<HomeRoute />} />
        <Route path="/auth/login" element={<LoginPage />} />
        <Route path="/auth/signup" element={<SignupPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        <Route path="/mail/confirm" element={<MailConfirmPage />} />
        <Route path="/mail/unsubscribe" element={<MailUnsubscribePage />} />
        <Route path="/verify/:id" element={<VerifyPage />} />
        <Route element={<ProtectedRoute />}>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/properties" element={<PropertiesPage />} />
          <Route path="/properties/new" element={<NewPropertyPage />} />
          <Route path="/properties/:id" element={<PropertyDetailsPage />} />
          <Route path="/inspections" element={<InspectionsPage />} />
          <Route path="/inspections/upcoming" element={<UpcomingInspectionsPage />} />
          <Route path="/inspections/new" element={<NewInspectionPage />} />
          <Route path="/inspections/:id" element={<InspectionDetailsPage />} />
          <Route path="/reports" element={<ReportsPage />} />
          <Route path="/billing" element={<BillingPage />} />
          <Route path="/billing/success" element={<BillingSuccessPage />} />
          <Route path="/billing/cancelled" element={<BillingCancelledPage />} />
          <Route path="/settings" element={<SettingsPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

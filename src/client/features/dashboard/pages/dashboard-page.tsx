import { CalendarDays, Crown } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSubscription } from '@/lib/use-subscription';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/app/auth-context';
import { usePermissions } from '@/lib/use-permissions';
import { useCanUpgrade } from '@/lib/upgrade-offer';
import { dashboardRedirectFor } from '@/lib/home-for-role';
import { useDashboardStats } from '../api/use-dashboard-stats';
import { DashboardProperties } from '../components/dashboard-properties';
import { StatCards } from '../components/stat-cards';
import { OpenDeficienciesStat } from '@/features/records/components/open-deficiencies-stat';
import { UpcomingInspectionsPanel } from '@/features/inspections/components/upcoming-inspections-panel';
import { UnscheduledPanel } from '@/features/requirements/components/unscheduled-panel';
import { ActivityReviewPrompt } from '@/features/activity-review/components/activity-review-prompt';
import { SM_UP, useMediaQuery } from '@/lib/use-media-query';
import { useToday } from '@/features/inspections/api/use-today';
import { isNewAccount } from '../components/greeting';
import { DASHBOARD_SHOWN } from '../api/dashboard-queries';
import { AddPropertyLink } from '@/features/properties/components/add-property-link';
import { PastInspectionsPrompt } from '@/features/inspection-history/components/history-entry-points';
import { InsightKeyFigures } from '@/features/insight/components/insight-key-figures';

function limitMessage(properties: boolean, inspections: boolean, canUpgrade: boolean): string {
  const reached = [properties ? '1 property' : null, inspections ? '1 scheduled inspection' : null].filter(Boolean);
  // The banner is an owner's: others are told who can lift the limit.
  const next = canUpgrade ? 'Upgrade from the banner above to add more.' : 'Only an owner can upgrade the organisation to add more.';
  return `You have reached the free plan's limit of ${reached.join(' and ')}. ${next}`;
}

/** The signed-in home: an inspector's is the inspections assigned to them (issue 31). */
export default function HomePage() {
  const { role } = usePermissions();
  // Before anything of the dashboard is asked for (its data is not preloaded for them either: app/routes.tsx).
  const elsewhere = dashboardRedirectFor(role);
  if (elsewhere) return <Navigate to={elsewhere} replace />;
  return <DashboardPage />;
}

function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  const subscription = useSubscription();
  const canUpgrade = useCanUpgrade();
  const stats = useDashboardStats();
  const today = useToday();
  const wide = useMediaQuery(SM_UP);
  const firstName = user?.fullName?.trim().split(/\s+/)[0];
  const greeting = user && isNewAccount(user.createdAt, today) ? 'Welcome' : 'Welcome back';
  const atFreeLimit =
    subscription.isLoaded && !subscription.isPremium && (subscription.isAtLimit || subscription.isAtInspectionLimit);

  return (
    <div className="space-y-8">
      <PageHeader
        title="Dashboard"
        titleAside={
          subscription.isPremium ? (
            <Badge>
              <Crown aria-hidden="true" className="size-3.5" />
              Pro
            </Badge>
          ) : null
        }
        description={firstName ? `${greeting}, ${firstName}. Here is where your properties stand.` : 'Here is where your properties stand.'}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/inspections">
                <CalendarDays aria-hidden="true" />
                View Schedule
              </Link>
            </Button>
            <AddPropertyLink />
          </>
        }
      />
      <div className="-mt-2 space-y-6">
        {stats.isError && !stats.data ? (
          <p role="alert" className="text-sm text-red-800">
            Your numbers could not be loaded.{' '}
            <button type="button" className="font-medium underline" onClick={() => void stats.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <StatCards stats={stats.data} subscription={subscription} />
        )}
        <OpenDeficienciesStat />
        <ActivityReviewPrompt />
        {stats.data ? (
          <PastInspectionsPrompt dueWithNothingScheduled={stats.data.overdueNotScheduledCount + stats.data.upcomingNotScheduledCount} />
        ) : null}
        {/* The shell's free-plan banner is the screen's one upgrade prompt; this only says which limit was reached. */}
        {atFreeLimit ? (
          <p className="text-sm text-muted-foreground">{limitMessage(subscription.isAtLimit, subscription.isAtInspectionLimit, canUpgrade)}</p>
        ) : null}
      </div>
      <InsightKeyFigures />
      {/* On a phone, what is due comes before the property cards (in reading order too, not only on screen). */}
      <UnscheduledPanel limit={DASHBOARD_SHOWN.unscheduled} moreHref="/inspections/upcoming" />
      {wide ? (
        <>
          <DashboardProperties />
          <UpcomingInspectionsPanel limit={DASHBOARD_SHOWN.upcoming} />
        </>
      ) : (
        <>
          <UpcomingInspectionsPanel limit={DASHBOARD_SHOWN.upcoming} />
          <DashboardProperties />
        </>
      )}
    </div>
  );
}

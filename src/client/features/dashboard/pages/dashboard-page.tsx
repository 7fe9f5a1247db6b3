import { CalendarDays, Crown, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSubscription } from '@/lib/use-subscription';
import { PageHeader } from '@/components/page-header';
import { UpgradePrompt } from '@/components/upgrade-prompt';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/components/auth-context';
import { useDashboardStats } from '../api/use-dashboard-stats';
import { DashboardProperties } from '../components/dashboard-properties';
import { StatCards } from '../components/stat-cards';
import { OpenDeficienciesStat } from '@/features/records/components/open-deficiencies-stat';
import { UpcomingInspectionsPanel } from '@/features/inspections/components/upcoming-inspections-panel';
import { UnscheduledPanel } from '@/features/requirements/components/unscheduled-panel';

function limitMessage(properties: boolean, inspections: boolean): string {
  const reached = [properties ? '1 property' : null, inspections ? '1 scheduled inspection' : null].filter(Boolean);
  return `You have reached the free plan's limit of ${reached.join(' and ')}.`;
}

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  const subscription = useSubscription();
  const stats = useDashboardStats();
  const firstName = user?.fullName?.trim().split(/\s+/)[0];
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
        description={firstName ? `Welcome back, ${firstName}. Here is where your properties stand.` : 'Here is where your properties stand.'}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/inspections">
                <CalendarDays aria-hidden="true" />
                View Schedule
              </Link>
            </Button>
            <Button asChild>
              <Link to="/properties/new">
                <Plus aria-hidden="true" />
                Add Property
              </Link>
            </Button>
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
        {atFreeLimit ? (
          <UpgradePrompt
            variant="inline"
            description={limitMessage(subscription.isAtLimit, subscription.isAtInspectionLimit)}
          />
        ) : null}
      </div>
      <UnscheduledPanel moreHref="/inspections/upcoming" />
      <DashboardProperties />
      <UpcomingInspectionsPanel />
    </div>
  );
}

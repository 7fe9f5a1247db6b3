import { useId, type ReactNode } from 'react';
import { Building2, CalendarClock, CircleCheck, TriangleAlert, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { DashboardStats } from '@shared/schemas/property';
import type { Subscription } from '@/lib/use-subscription';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

interface StatCardProps {
  title: string;
  icon: LucideIcon;
  value: ReactNode;
  note: ReactNode;
  tone?: 'default' | 'alert';
  /** The list the card counts (issue 10): the whole card opens it. */
  href: string;
}

function StatCard({ title, icon: Icon, value, note, tone = 'default', href }: StatCardProps) {
  const titleId = useId();
  const alert = tone === 'alert';
  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      className={cn(
        'relative p-4 transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-slate-300 sm:p-5',
        alert && 'border-red-200 bg-red-50 hover:border-red-300',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <p id={titleId} className="text-sm font-medium text-muted-foreground">
          {/* The link's box covers the card, so the card is one target with the title as its name. */}
          <Link to={href} className="after:absolute after:inset-0 after:rounded-xl focus:outline-none">
            {title}
          </Link>
        </p>
        <Icon aria-hidden="true" className={cn('size-5', alert ? 'text-red-700' : 'text-muted-foreground')} />
      </div>
      <p className={cn('mt-2 text-2xl font-bold tracking-tight sm:text-3xl', alert && 'text-red-700')}>{value}</p>
      <p className={cn('mt-1 text-sm text-muted-foreground', alert && 'text-red-800')}>{note}</p>
    </Card>
  );
}

const withLimit = (count: number, limit: number, premium: boolean) =>
  premium || limit === -1 ? String(count) : `${count}/${limit}`;

/** SPEC 2, "Dashboard": four stat cards, with the free plan's limits beside the counts. */
export function StatCards({ stats, subscription }: { stats: DashboardStats | undefined; subscription: Subscription }) {
  if (!stats) {
    return (
      <div role="status" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <span className="sr-only">Loading your numbers...</span>
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} className="space-y-3 p-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-4 w-32" />
          </Card>
        ))}
      </div>
    );
  }

  const premium = subscription.isPremium;
  const { propertyLimit, inspectionLimit } = subscription.status;
  const pastDue = stats.overdueInspectionCount;
  // "Due, not scheduled" requirements count too; the note says how many of them there are.
  const notScheduled = (n: number) => (n > 0 ? ` · ${n} not scheduled` : '');

  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        title="Properties"
        icon={Building2}
        href="/properties"
        value={withLimit(stats.propertyCount, propertyLimit, premium)}
        note={premium ? 'Unlimited on Firemark Pro' : 'Free plan limit'}
      />
      <StatCard
        title="Compliant"
        icon={CircleCheck}
        href="/properties?status=compliant"
        value={stats.compliantCount}
        note={`of ${stats.propertyCount} properties`}
      />
      <StatCard
        title="Upcoming Inspections"
        icon={CalendarClock}
        href={premium ? '/inspections/upcoming' : '/inspections?status=open'}
        // Free counts what its limit counts (open inspections, whenever due); Pro the next 30 days.
        value={premium ? String(stats.upcomingInspectionCount) : withLimit(subscription.status.scheduledInspectionCount, inspectionLimit, premium)}
        note={
          premium
            ? `next 30 days${notScheduled(stats.upcomingNotScheduledCount)}`
            : `open now · 1 at a time on Free${notScheduled(stats.upcomingNotScheduledCount)}`
        }
      />
      <StatCard
        title="Past Due"
        icon={TriangleAlert}
        href="/inspections?status=overdue"
        value={pastDue}
        note={pastDue > 0 ? `Need attention now${notScheduled(stats.overdueNotScheduledCount)}` : 'Nothing overdue'}
        tone={pastDue > 0 ? 'alert' : 'default'}
      />
    </div>
  );
}

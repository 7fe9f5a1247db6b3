import { useId } from 'react';
import { Link } from 'react-router';
import type { InspectionType } from '@shared/enums';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useUnscheduled } from '../api/use-unscheduled';
import { UnscheduledList } from './unscheduled-list';

interface UnscheduledPanelProps {
  limit?: number;
  q?: string;
  type?: InspectionType;
  headingLevel?: 'h2' | 'h3';
  /** Where "see all" goes; none on the page that lists them all. */
  moreHref?: string;
}

/**
 * "Due, not scheduled": requirements due within 30 days or overdue with no inspection open.
 * Shown only when there are some, so a schedule kept up to date costs no space.
 */
export function UnscheduledPanel({ limit = 5, q, type, headingLevel: Heading = 'h2', moreHref }: UnscheduledPanelProps) {
  const titleId = useId();
  const list = useUnscheduled({ q, type, limit });
  if (list.isPending || (list.data && list.data.total === 0)) return null;

  return (
    <Card role="region" aria-labelledby={titleId} className="border-yellow-300">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1.5">
          <Heading id={titleId} className="text-xl font-semibold tracking-tight">
            Due, Not Scheduled
          </Heading>
          <CardDescription>Requirements due in the next 30 days or overdue with no inspection scheduled. Schedule them, or switch off any that do not apply.</CardDescription>
        </div>
        {moreHref && list.data && list.data.total > limit ? (
          <Link to={moreHref} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            See all {list.data.total}
            <span className="sr-only"> requirements due, not scheduled</span>
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        {list.isError && !list.data ? (
          <LoadError message="Failed to load what is due. Please try again." onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <UnscheduledList items={list.data?.items ?? []} label="Due, not scheduled" />
        )}
      </CardContent>
    </Card>
  );
}

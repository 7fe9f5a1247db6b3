import { useId, useState } from 'react';
import { ArrowLeft, ListChecks } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatDisplayDate } from '@shared/dates';
import { INSPECTION_TYPE_LABELS } from '@shared/enums';
import { intervalLabel } from '@shared/intervals';
import type { ActivityReviewItem } from '@shared/schemas/activity-review';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePermissions } from '@/lib/use-permissions';
import { ActivityBasisBadge } from '@/features/inspections/components/activity-basis-badge';
import { useActivityReview, useNameActivity } from '../api/activity-review-queries';

const PAGE_SIZE = 20;
const CHOOSE_MESSAGE = 'Choose which check this inspection was';

/**
 * /inspections/activity-review (issue 37): completed inspections of a type with several checks
 * whose check was not stated, or was assumed when requirements began. Each counts for its
 * type's principal requirement until someone names the right check (the completion moves to
 * it, and both checks' dates are worked out again) or confirms the one it counts for.
 */
export default function ActivityReviewPage() {
  useDocumentTitle('Review Activities');
  const [params] = useSearchParams();
  const propertyId = Number(params.get('propertyId')) || undefined;
  const [offset, setOffset] = useState(0);
  const review = useActivityReview({ propertyId, limit: PAGE_SIZE, offset });
  const { can } = usePermissions();
  const page = review.data;

  return (
    <>
      <PageHeader
        title="Review Activities"
        description="Completed inspections that do not say which check they were. Each counts for its type's annual check until you name the right one or confirm it."
        actions={
          propertyId ? (
            <Button asChild variant="outline">
              <Link to={`/properties/${propertyId}`}>
                <ArrowLeft aria-hidden="true" />
                Back to property
              </Link>
            </Button>
          ) : null
        }
      />
      {review.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading inspections to review">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : review.isError && !page ? (
        <LoadError message="The inspections to review could not be loaded." onRetry={() => void review.refetch()} retrying={review.isFetching} />
      ) : !page || page.items.length === 0 ? (
        <EmptyState icon={ListChecks} title="Nothing to review">
          Every completed inspection says which check it was.
        </EmptyState>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {page.total === 1 ? '1 inspection to review' : `${page.total} inspections to review`}
            {page.total > PAGE_SIZE ? `, ${offset + 1}-${offset + page.items.length} shown` : ''}.
          </p>
          <ul className="space-y-4">
            {page.items.map((item) => (
              <li key={item.id}>
                <ReviewCard item={item} canName={can('inspections.schedule')} />
              </li>
            ))}
          </ul>
          {page.total > PAGE_SIZE ? (
            <nav aria-label="Pages" className="flex flex-wrap items-center gap-2">
              <Button variant="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
                Previous
              </Button>
              <Button variant="outline" disabled={offset + PAGE_SIZE >= page.total} onClick={() => setOffset(offset + PAGE_SIZE)}>
                Next
              </Button>
            </nav>
          ) : null}
        </div>
      )}
    </>
  );
}

function ReviewCard({ item, canName }: { item: ActivityReviewItem; canName: boolean }) {
  const id = useId();
  const name = useNameActivity();
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const type = INSPECTION_TYPE_LABELS[item.inspectionType] ?? item.inspectionType;
  const pending = name.isPending;

  const save = () => {
    const activity = item.activities.find((a) => a.id === chosen);
    if (!activity) {
      setError(CHOOSE_MESSAGE);
      return;
    }
    setError(null);
    name.mutate({ id: item.id, requirementId: activity.id, activity: activity.activity, confirming: activity.id === item.requirement?.id });
  };

  return (
    <Card>
      <CardContent className="space-y-4 p-4 sm:p-6">
        <div className="space-y-1">
          <h2 className="break-words text-base font-semibold">
            <Link to={`/inspections/${item.id}`} className="text-primary underline-offset-4 hover:underline">
              {type}, performed {formatDisplayDate(item.performedOn)}
            </Link>
          </h2>
          <p className="break-words text-sm">
            <Link to={`/properties/${item.propertyId}`} className="underline-offset-4 hover:underline">
              {item.property.name}
            </Link>
            {' · '}
            {item.complianceResult === 'compliant' ? 'Compliant' : item.complianceResult === 'non_compliant' ? 'Non-compliant' : 'No result'}
            {' · '}
            {item.assignedTo}
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span className="break-words">Counts for: {item.requirement?.activity ?? 'no check'}</span>
            <ActivityBasisBadge basis={item.activityBasis} />
          </p>
        </div>
        {canName ? (
          <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
            <legend className="text-sm font-medium">Which check was this?</legend>
            <div className="space-y-2">
              {item.activities.map((activity) => (
                <label
                  key={activity.id}
                  className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent"
                >
                  <input
                    type="radio"
                    name={`${id}-activity`}
                    value={activity.id}
                    checked={chosen === activity.id}
                    onChange={() => {
                      setChosen(activity.id);
                      setError(null);
                    }}
                    aria-invalid={error ? true : undefined}
                    className="mt-0.5 size-4 shrink-0"
                  />
                  <span className="min-w-0 break-words">
                    {activity.activity} ({intervalLabel(activity).toLowerCase()})
                    {activity.id === item.requirement?.id ? (
                      <Badge variant="muted" className="ml-2">
                        Counted now
                      </Badge>
                    ) : null}
                  </span>
                </label>
              ))}
            </div>
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
            <Button onClick={save} disabled={pending} className="w-full sm:w-auto">
              {pending ? <Spinner /> : null}
              {chosen !== null && chosen === item.requirement?.id ? 'Confirm this check' : 'Save check'}
            </Button>
          </fieldset>
        ) : null}
      </CardContent>
    </Card>
  );
}

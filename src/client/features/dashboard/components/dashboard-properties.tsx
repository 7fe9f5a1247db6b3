import { useId } from 'react';
import { ArrowRight, Building2, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { PropertySort } from '@shared/schemas/property';
import { usePropertyList } from '@/features/properties/api/property-queries';
import { oneOf, useUrlParams } from '@/lib/use-url-params';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PropertyGrid, PropertyGridSkeleton } from '@/components/property-card';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { AddPropertyLink } from '@/features/properties/components/add-property-link';

const SHOWN = 6;

/**
 * DECISIONS: the dashboard's sort works; these are its choices. It opens on what needs
 * attention first (issue 10, "Problems first"), so a failing property is never off screen.
 */
const SORTS: { value: PropertySort; label: string }[] = [
  { value: 'attention', label: 'Needs attention' },
  { value: 'created_desc', label: 'Newest' },
  { value: 'name_asc', label: 'Name' },
  { value: 'compliance', label: 'Compliance status' },
];

const DEFAULT_SORT: PropertySort = 'attention';

/** 'Your Properties': the first six, filtered and sorted by the server; both choices live in the URL. */
export function DashboardProperties() {
  const id = useId();
  const { params, update } = useUrlParams();
  const nonCompliantOnly = params.get('status') === 'non_compliant';
  const sort = oneOf(SORTS.map((option) => option.value), params.get('sort')) ?? DEFAULT_SORT;
  const setNonCompliantOnly = (on: boolean) => update({ status: on ? 'non_compliant' : undefined });
  const setSort = (value: PropertySort) => update({ sort: value === DEFAULT_SORT ? undefined : value });
  const list = usePropertyList({ status: nonCompliantOnly ? 'non_compliant' : undefined, sort }, SHOWN);
  const properties = list.data?.pages[0]?.items ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  const viewAll = new URLSearchParams();
  if (nonCompliantOnly) viewAll.set('status', 'non_compliant');
  viewAll.set('sort', sort);
  const viewAllHref = `/properties${viewAll.size ? `?${viewAll}` : ''}`;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
            Your Properties
          </h2>
          {list.isFetching && !list.isPending ? <Spinner className="text-primary" /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
          <div className="flex items-center gap-2">
            <Switch id={`${id}-noncompliant`} checked={nonCompliantOnly} onCheckedChange={setNonCompliantOnly} />
            <Label htmlFor={`${id}-noncompliant`}>Non-compliant only</Label>
          </div>
          <div className="flex items-center gap-2">
            <Label htmlFor={`${id}-sort`} className="whitespace-nowrap">
              Sort by
            </Label>
            <Select
              id={`${id}-sort`}
              value={sort}
              onChange={(event) => setSort(event.target.value as PropertySort)}
              className="h-9 w-auto min-w-44"
            >
              {SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </div>
        </div>
      </div>

      {list.isPending ? (
        <PropertyGridSkeleton count={3} />
      ) : list.isError && !list.data ? (
        <LoadError
          message="Failed to load properties. Please refresh and try again."
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : properties.length === 0 ? (
        nonCompliantOnly ? (
          <EmptyState icon={CircleCheck} title="No non-compliant properties" headingLevel="h3">
            None of your properties needs action right now.
          </EmptyState>
        ) : (
          <EmptyState
            icon={Building2}
            title="No properties yet"
            headingLevel="h3"
            action={
              <AddPropertyLink>Add Your First Property</AddPropertyLink>
            }
          >
            Add a building to start tracking its inspections and fire-safety compliance.
          </EmptyState>
        )
      ) : (
        <>
          <PropertyGrid properties={properties} />
          {total > properties.length ? (
            <div className="flex justify-center">
              <Button asChild variant="outline">
                <Link to={viewAllHref}>
                  View all properties ({total})
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

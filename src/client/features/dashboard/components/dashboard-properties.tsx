import { useId } from 'react';
import { ArrowRight, Building2, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { usePropertyList } from '@/features/properties/api/property-queries';
import { useUrlParams } from '@/lib/use-url-params';
import { usePermissions } from '@/lib/use-permissions';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PropertyGrid, PropertyGridSkeleton } from '@/components/property-card';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { AddPropertyLink } from '@/features/properties/components/add-property-link';
import {
  DASHBOARD_DEFAULT_SORT,
  DASHBOARD_SHOWN,
  DASHBOARD_SORTS,
  dashboardPropertyFilters,
  type DashboardSort,
} from '../api/dashboard-queries';

/** DECISIONS: the dashboard's sort works; these are its choices (DASHBOARD_SORTS). */
const SORT_LABELS: Record<DashboardSort, string> = {
  attention: 'Needs attention',
  created_desc: 'Newest',
  name_asc: 'Name',
  compliance: 'Compliance status',
};

/** 'Your Properties': the first six, filtered and sorted by the server; both choices live in the URL. */
export function DashboardProperties() {
  const id = useId();
  const { params, update } = useUrlParams();
  const canAdd = usePermissions().can('properties.create');
  const filters = dashboardPropertyFilters(params);
  const nonCompliantOnly = filters.status === 'non_compliant';
  const { sort } = filters;
  const setNonCompliantOnly = (on: boolean) => update({ status: on ? 'non_compliant' : undefined });
  const setSort = (value: DashboardSort) => update({ sort: value === DASHBOARD_DEFAULT_SORT ? undefined : value });
  const list = usePropertyList(filters, DASHBOARD_SHOWN.properties);
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
              onChange={(event) => setSort(event.target.value as DashboardSort)}
              className="h-9 w-auto min-w-44"
            >
              {DASHBOARD_SORTS.map((value) => (
                <option key={value} value={value}>
                  {SORT_LABELS[value]}
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
            title={canAdd ? 'No properties yet' : 'No properties to show yet'}
            headingLevel="h3"
            action={
              <AddPropertyLink>Add Your First Property</AddPropertyLink>
            }
          >
            {canAdd
              ? 'Add a building to start tracking its inspections and fire-safety compliance.'
              : 'The properties you are given in this organisation appear here. Ask an owner or admin if you expected to see some.'}
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

import { Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { Building2, FilterX, Plus, Upload } from 'lucide-react';
import { useUrlParams } from '@/lib/use-url-params';
import { humanize, PROPERTY_SORT_LABELS, PROPERTY_SORTS, PROPERTY_TYPES, type PropertySort, type PropertyStatus, type PropertyType } from '@shared/enums';
import { TRIAL_DAYS } from '@shared/plans';
import { usePropertyList } from '../api/property-queries';
import { PROPERTIES_DEFAULT_SORT, PROPERTIES_PAGE_SIZE, PROPERTY_STATUS_FILTERS, propertiesPageFilters } from '../api/properties-page-query';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSubscription } from '@/lib/use-subscription';
import { usePermissions } from '@/lib/use-permissions';
import { OWNER_UPGRADES, useCanUpgrade } from '@/lib/upgrade-offer';
import { ChosenPropertiesNote } from '@/components/chosen-properties-note';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PropertyGrid, PropertyGridSkeleton } from '@/components/property-card';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { PropertyTable } from '../components/lazy-property-table';
import { MD_UP, useMediaQuery } from '@/lib/use-media-query';
import { AddPropertyLink } from '../components/add-property-link';
import { ImportHistoryButton, PastInspectionsLink } from '@/features/inspection-history/components/history-entry-points';

// The import dialog, with its CSV reader and the validation of its rows (zod), loads when it is
// first reached for, not with the page.
const CsvImportDialog = lazyDialog(() => import('../components/csv-import-dialog').then((m) => m.CsvImportDialog));

export default function PropertiesPage() {
  useDocumentTitle('Properties');
  const { params, update, setParams } = useUrlParams();
  const [importOpen, setImportOpen] = useState(false);
  const limitNoteId = useId();
  const resultsId = useId();
  const subscription = useSubscription();
  const canAdd = usePermissions().can('properties.create');
  const canUpgrade = useCanUpgrade();
  const wide = useMediaQuery(MD_UP);

  const filters = propertiesPageFilters(params);
  const { propertyType, status, sort } = filters;
  const q = filters.q ?? '';
  const chosenCount = filters.propertyIds ? filters.propertyIds.split(',').length : 0;
  const filtered = Boolean(q || propertyType || status || chosenCount);

  const setParam = (name: string, value: string | undefined) => update({ [name]: value });

  const list = usePropertyList(filters, PROPERTIES_PAGE_SIZE);
  const { data } = list;
  const properties = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages[0]?.total ?? 0;

  // A member who cannot add properties is offered neither adding nor the upgrade that would allow it.
  // Past inspections (issue 35 §2) are imported beside the properties, by whoever may record them.
  const actions = !canAdd ? <ImportHistoryButton /> : subscription.isLoaded ? (
    subscription.canCreateProperty ? (
      <>
        <Button
          variant="outline"
          {...reachFor(CsvImportDialog)}
          onClick={() => setImportOpen(true)}
        >
          <Upload aria-hidden="true" />
          Import CSV
        </Button>
        <ImportHistoryButton />
        <AddPropertyLink />
      </>
    ) : !canUpgrade ? (
      // At the limit, for a member who cannot upgrade: the note below says who can.
      <ImportHistoryButton />
    ) : (
      // Issue 30, item 9: at the limit the main button leads on (to Billing, where the trial is
      // offered), a link like any other, never a dead, unfocusable one.
      <>
        <ImportHistoryButton />
        <Button asChild>
          <Link to="/billing" aria-describedby={limitNoteId}>
            <Plus aria-hidden="true" />
            Upgrade to Add Properties
          </Link>
        </Button>
      </>
    )
  ) : null;

  return (
    <>
      <PageHeader
        title="Properties"
        description={
          canAdd && subscription.isLoaded && !subscription.canCreateProperty ? (
            <span id={limitNoteId}>
              Free accounts hold {subscription.status.propertyLimit} property.{' '}
              {!canUpgrade
                ? OWNER_UPGRADES
                : subscription.status.trialAvailable
                  ? `Try Firemark Pro free for ${TRIAL_DAYS} days, or upgrade, to add more.`
                  : 'Upgrade to Firemark Pro to add more.'}
            </span>
          ) : (
            'Every building you look after, with its fire-safety compliance at a glance.'
          )
        }
        actions={actions}
      />

      <Filters
        q={q}
        propertyType={propertyType}
        status={status}
        sort={sort}
        onSearch={(term) => setParam('q', term || undefined)}
        onType={(value) => setParam('type', value || undefined)}
        onStatus={(value) => setParam('status', value || undefined)}
        onSort={(value) => setParam('sort', value === PROPERTIES_DEFAULT_SORT ? undefined : value)}
      />

      {chosenCount ? <ChosenPropertiesNote count={chosenCount} onShowAll={() => setParam('propertyIds', undefined)} /> : null}

      {list.isPending ? (
        <PropertyGridSkeleton />
      ) : list.isError && !data ? (
        <LoadError
          message="Failed to load properties. Please refresh and try again."
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : properties.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={FilterX}
            title="No properties match your search"
            action={
              <Button variant="outline" onClick={() => setParams(sort === PROPERTIES_DEFAULT_SORT ? {} : { sort }, { replace: true })}>
                Clear filters
              </Button>
            }
          >
            Try other words, or clear the filters to see every property.
          </EmptyState>
        ) : (
          canAdd ? (
            <EmptyState
              icon={Building2}
              title="No properties yet"
              action={
                <AddPropertyLink>Add Your First Property</AddPropertyLink>
              }
            >
              Add a building to start tracking its inspections and compliance
              {subscription.canCreateProperty ? ', or import many at once from a CSV file' : ''}.
            </EmptyState>
          ) : (
            <EmptyState icon={Building2} title="No properties to show yet">
              The properties you are given in this organisation appear here. Ask an owner or admin if you expected to see some.
            </EmptyState>
          )
        )
      ) : (
        <section aria-labelledby={resultsId} className="space-y-4">
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <h2 id={resultsId} className="font-medium text-foreground">
              {properties.length < total
                ? `Showing ${properties.length} of ${total} properties`
                : `${total} ${total === 1 ? 'property' : 'properties'}`}
            </h2>
            {list.isFetching && !list.isFetchingNextPage ? <Spinner className="text-primary" /> : null}
            <span className="ml-auto">
              <PastInspectionsLink variant="link" />
            </span>
          </div>
          {wide ? (
            <Suspense fallback={<PropertyGridSkeleton />}>
              <PropertyTable properties={properties} label="Your properties" />
            </Suspense>
          ) : (
            <PropertyGrid properties={properties} />
          )}
          {list.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? (
                  <>
                    <Spinner /> Loading...
                  </>
                ) : (
                  'Load more properties'
                )}
              </Button>
            </div>
          ) : null}
        </section>
      )}

      <CsvImportDialog open={importOpen} onOpenChange={setImportOpen} />
    </>
  );
}

interface FiltersProps {
  q: string;
  propertyType: PropertyType | undefined;
  status: PropertyStatus | undefined;
  sort: PropertySort;
  onSearch: (term: string) => void;
  onType: (value: string) => void;
  onStatus: (value: string) => void;
  onSort: (value: string) => void;
}

function Filters({ q, propertyType, status, sort, onSearch, onType, onStatus, onSort }: FiltersProps) {
  const id = useId();
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 rounded-xl border bg-background p-4 shadow-sm lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_max-content]">
      <div className="col-span-2 space-y-1.5 lg:col-span-1">
        <SearchField id={`${id}-q`} label="Search properties" placeholder="Name, address, city or ZIP" value={q} onSearch={onSearch} />
      </div>
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor={`${id}-type`}>Property type</Label>
        <Select id={`${id}-type`} value={propertyType ?? ''} onChange={(event) => onType(event.target.value)}>
          <option value="">All types</option>
          {PROPERTY_TYPES.map((type) => (
            <option key={type} value={type}>
              {humanize(type)}
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor={`${id}-status`}>Compliance status</Label>
        <Select id={`${id}-status`} value={status ?? ''} onChange={(event) => onStatus(event.target.value)}>
          <option value="">All statuses</option>
          {PROPERTY_STATUS_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="col-span-2 space-y-1.5 lg:col-span-1">
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <Select id={`${id}-sort`} value={sort} onChange={(event) => onSort(event.target.value)}>
          {PROPERTY_SORTS.map((value) => (
            <option key={value} value={value}>
              {PROPERTY_SORT_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

import { lazy, Suspense, type ReactNode } from 'react';
import { FilterX } from 'lucide-react';
import type { InspectionType } from '@shared/enums';
import type { Inspection } from '@shared/schemas/inspection';
import { ChosenPropertiesNote } from '@/components/chosen-properties-note';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { reachFor } from '@/lib/lazy-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { INSPECTION_BROWSER_PAGE_SIZE, inspectionListParams, type InspectionListing } from '../api/inspection-browser-query';
import { useInspectionList } from '../api/use-inspection-list';
import { useToday } from '../api/use-today';
import { InspectionFilters } from './inspection-filters';
import { InspectionResults } from './inspection-results';
import { useInspectionUrlState } from './use-inspection-url-state';

// The calendar (with the date picker's library) loads when the Calendar view is first shown or
// reached for, so a list's first load does not download it.
const loadInspectionsCalendar = () => import('./inspections-calendar');
const InspectionsCalendar = lazy(() => loadInspectionsCalendar().then((m) => ({ default: m.InspectionsCalendar })));

interface InspectionBrowserProps {
  /** What the page lists, and its status filter. */
  listing: InspectionListing;
  /** Names the list for screen readers. */
  label: string;
  /** Ends the no-match hint: "clear the filters to see {everything}". */
  everything: string;
  /** What an unfiltered, empty list shows. */
  empty: ReactNode;
  renderActions: (inspection: Inspection) => ReactNode;
  /** A line above the list and calendar, e.g. what the row buttons do. */
  note?: ReactNode;
  /** Shown above the list's rows, with the search and type filters applied. */
  listTop?: (filters: { q: string | undefined; type: InspectionType | undefined }) => ReactNode;
}

/**
 * The two inspections pages' list and calendar, with search, type and status filters and the
 * picked view, month and day all in the URL.
 */
export function InspectionBrowser({
  listing,
  label,
  everything,
  empty,
  renderActions,
  note,
  listTop,
}: InspectionBrowserProps) {
  const today = useToday();
  const state = useInspectionUrlState(listing, today);
  const params = inspectionListParams(listing, state);
  const list = useInspectionList(listing.scope, params, INSPECTION_BROWSER_PAGE_SIZE, state.view === 'list');

  const emptyShown = state.filtered ? (
    <EmptyState
      icon={FilterX}
      title="No inspections match your filters."
      action={
        <Button variant="outline" onClick={state.clearFilters}>
          Clear filters
        </Button>
      }
    >
      Try other words, or clear the filters to see {everything}.
    </EmptyState>
  ) : (
    empty
  );

  return (
    <Tabs value={state.view} onValueChange={state.setView} className="space-y-4">
      <TabsList aria-label="View" className="w-full sm:w-auto">
        <TabsTrigger value="list">List</TabsTrigger>
        <TabsTrigger value="calendar" {...reachFor({ preload: () => void loadInspectionsCalendar() })}>
          Calendar
        </TabsTrigger>
      </TabsList>

      <InspectionFilters
        q={state.q}
        type={state.type}
        status={state.status}
        statusOptions={listing.statusOptions}
        onSearch={state.setSearch}
        onType={state.setType}
        onStatus={state.setStatus}
        sort={listing.sortable && state.view === 'list' ? { value: state.sort, onChange: state.setSort } : undefined}
      />

      {state.propertyIds ? (
        <ChosenPropertiesNote count={state.propertyIds.split(',').length} of="inspections" onShowAll={state.showAllProperties} />
      ) : null}

      {note}

      <TabsContent value="list" className="space-y-6">
        {listTop?.({ q: params.q, type: params.type })}
        <InspectionResults list={list} label={label} empty={emptyShown} renderActions={renderActions} />
      </TabsContent>
      <TabsContent value="calendar">
        <Suspense
          fallback={
            <Card>
              <LoadingState message="Loading calendar..." />
            </Card>
          }
        >
          <InspectionsCalendar
            scope={listing.scope}
            params={params}
            month={state.month}
            onMonthChange={state.setMonth}
            selectedDay={state.day}
            onSelectDay={state.setDay}
            renderActions={renderActions}
          />
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}

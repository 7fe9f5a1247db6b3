import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plus, Tags } from 'lucide-react';
import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import { DEVICE_STATUSES, DEVICE_STATUS_LABELS, type DeviceStatus } from '@shared/devices';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { usePermissions } from '@/lib/use-permissions';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { deviceFiltersFromUrl } from '../api/device-queries';
import { usePropertyDevices } from '../api/use-property-devices';
import { StartWalkthroughButton } from '@/features/walkthroughs/components/start-walkthrough-button';
import { BulkAddDevicesButton, ImportDevicesButton } from './add-devices-buttons';
import { DeviceList } from './device-list';
import { PrintLabelsButton } from './print-labels-dialog';
import { itemLabel } from './device-text';

// The form (and its validation) loads when its button is first reached for.
const AddDeviceDialog = lazyDialog(() => import('./add-device-dialog').then((m) => m.AddDeviceDialog));

/** The list's filters, kept in the URL so Back from a device returns to the same list. */
function useDeviceFilters() {
  const [params, setParams] = useSearchParams();
  const filters = deviceFiltersFromUrl(params);
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      () => {
        // The live URL: a debounced search fires from an older render.
        const next = new URLSearchParams(window.location.search);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  return { filters, update };
}

/**
 * The property's Devices tab: each extinguisher, light and detector, grouped by item, then
 * building and floor, in the order they are walked; with its tag, where it is, its status and
 * when it is next due.
 */
export function PropertyDevicesTab({ propertyId, present }: { propertyId: number; present: readonly InspectionType[] }) {
  const titleId = useId();
  const { can } = usePermissions();
  const canEdit = can('requirements.edit');
  const { filters, update } = useDeviceFilters();
  const devices = usePropertyDevices(propertyId, filters);
  const [adding, setAdding] = useState(false);
  const filtered = Boolean(filters.itemType || filters.status || filters.q);
  // The property's items, and the one filtered on even if it has none yet.
  const itemChoices = INSPECTION_TYPES.filter((type) => present.includes(type) || type === filters.itemType);
  const total = devices.data?.total ?? 0;
  const empty = devices.data !== undefined && devices.data.total === 0 && !filtered;

  const addButton = canEdit ? (
    <Button {...reachFor(AddDeviceDialog)} onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" />
      Add device
    </Button>
  ) : null;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle id={titleId} className="text-xl">
            Devices
          </CardTitle>
          <CardDescription>Each unit of a safety item, with its own tag, dates and history.</CardDescription>
        </div>
        {/* With no devices yet, the empty state below offers the ways to add them, with what a device is. */}
        {empty ? null : (
          <div className="flex flex-wrap gap-2">
            {addButton}
            <BulkAddDevicesButton propertyId={propertyId} present={present} initialItem={filters.itemType} />
            <ImportDevicesButton propertyId={propertyId} />
            <PrintLabelsButton propertyId={propertyId} />
            <StartWalkthroughButton propertyId={propertyId} />
          </div>
        )}
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="grid gap-3 sm:grid-cols-3" role="group" aria-label="Filter devices">
          <div className="space-y-1.5">
            <Label htmlFor={`${titleId}-item`}>Safety item</Label>
            <Select id={`${titleId}-item`} value={filters.itemType ?? ''} onChange={(e) => update({ deviceItem: e.target.value || undefined })}>
              <option value="">All items</option>
              {itemChoices.map((type) => (
                <option key={type} value={type}>
                  {itemLabel(type)}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${titleId}-status`}>Status</Label>
            <Select id={`${titleId}-status`} value={filters.status ?? ''} onChange={(e) => update({ deviceStatus: e.target.value || undefined })}>
              <option value="">All statuses</option>
              {DEVICE_STATUSES.map((status: DeviceStatus) => (
                <option key={status} value={status}>
                  {DEVICE_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </div>
          {/* Its own cell, as the selects are: the label and the box sit in one column. */}
          <div className="space-y-1.5">
            <SearchField
              id={`${titleId}-q`}
              label="Search"
              placeholder="Tag, serial or location"
              value={filters.q ?? ''}
              onSearch={(term) => update({ deviceQ: term || undefined })}
            />
          </div>
        </div>

        {devices.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading devices...</span>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : devices.isError ? (
          <LoadError message="Failed to load the devices. Please try again." onRetry={() => void devices.refetch()} retrying={devices.isFetching} />
        ) : devices.data.items.length === 0 ? (
          filtered ? (
            <EmptyState icon={Tags} title="No devices match these filters" headingLevel="h3" action={
              <Button variant="outline" onClick={() => update({ deviceItem: undefined, deviceStatus: undefined, deviceQ: undefined })}>
                Clear filters
              </Button>
            } />
          ) : (
            <EmptyState
              icon={Tags}
              title="No devices yet"
              headingLevel="h3"
              action={
                canEdit ? (
                  <>
                    {addButton}
                    <BulkAddDevicesButton propertyId={propertyId} present={present} />
                    <ImportDevicesButton propertyId={propertyId} />
                  </>
                ) : null
              }
            >
              <p>
                A device is one unit of a safety item: each extinguisher, emergency light or detector. Add them with their tag, where they hang and
                their month of manufacture, and each gets its own schedule, counted as the code counts it, and its own history.
              </p>
              {canEdit ? null : <p className="mt-2">An owner, admin or manager adds them.</p>}
            </EmptyState>
          )
        ) : (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {total} {total === 1 ? 'device' : 'devices'}
              {filtered ? ' match' : ''}
            </p>
            <DeviceList devices={devices.data.items} headingId={titleId} />
          </>
        )}
      </CardContent>
      <AddDeviceDialog propertyId={propertyId} present={present} initialItem={filters.itemType} open={adding} onOpenChange={setAdding} />
    </Card>
  );
}

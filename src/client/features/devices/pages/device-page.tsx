import { useState } from 'react';
import { ArrowLeft, ClipboardCheck, Pencil, RefreshCw, SearchX, Trash2 } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { deviceTypeLabel } from '@shared/device-kind';
import type { DeviceResponse } from '@shared/schemas/device';
import { isApiError, serverMessage } from '@/lib/api';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { recordIdFromUrl } from '@/lib/record-id';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePermissions } from '@/lib/use-permissions';
import { LoadError } from '@/components/load-error';
import { OfflineScreen } from '@/app/offline-screen';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useDevice } from '../api/use-device';
import { deviceRequirementsOptions } from '../api/device-queries';
import { useStartWalkthrough } from '../api/use-inspect-now';
import { DeviceFactsCard } from '../components/device-facts-card';
import { DeviceHistoryCard } from '../components/device-history-card';
import { DeviceRequirementsCard } from '../components/device-requirements-card';
import { DeviceStatusBadge } from '../components/device-status-badge';
import { kindText, locationText } from '../components/device-text';

// The forms load when their buttons are first reached for.
const EditDeviceDialog = lazyDialog(() => import('../components/edit-device-dialog').then((m) => m.EditDeviceDialog));
const DeviceStatusDialog = lazyDialog(() => import('../components/device-status-dialog').then((m) => m.DeviceStatusDialog));
const DeleteDeviceDialog = lazyDialog(() => import('../components/delete-device-dialog').then((m) => m.DeleteDeviceDialog));

const devicesOf = (propertyId: number) => `/properties/${propertyId}?tab=devices`;

/** /devices/:id: one device's facts, requirements and history. Another organisation's, or one out of reach, is "Device not found". */
export default function DevicePage() {
  const id = recordIdFromUrl(useParams().id);
  const device = useDevice(id);
  const notFound = id === undefined || (isApiError(device.error) && device.error.status === 404);
  useDocumentTitle(notFound ? 'Device Not Found' : device.data ? `Device ${device.data.tag}` : 'Device');

  if (notFound) return <DeviceNotFound />;
  // No network and nothing kept on the device for it (a device's own page is not kept offline).
  if (device.isPending && device.fetchStatus === 'paused') return <OfflineScreen onRetry={() => void device.refetch()} />;
  if (device.isPending) {
    return (
      <div className="mx-auto max-w-4xl" role="status">
        <span className="sr-only">Loading device...</span>
        <Skeleton className="mb-4 h-5 w-40" />
        <Skeleton className="mb-6 h-9 w-64" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  if (device.isError) {
    return (
      <div className="mx-auto max-w-4xl">
        <PageHeader title="Device" />
        <LoadError message="Failed to load this device. Please try again." onRetry={() => void device.refetch()} retrying={device.isFetching} />
      </div>
    );
  }
  return <DeviceDetails device={device.data} />;
}

type DialogName = 'edit' | 'status' | 'delete';

function DeviceDetails({ device }: { device: DeviceResponse }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const dialogProps = (name: DialogName) => ({ open: dialog === name, onOpenChange: (next: boolean) => setDialog(next ? name : null) });
  const start = useStartWalkthrough(device.propertyId);
  const canEdit = can('requirements.edit');
  const canInspect = can('inspections.complete') && device.status === 'in_service';
  const kind = kindText(device);

  // The walk of its most urgent activity (earliest due; one whose date is not known last), opened at this device.
  const inspectNow = async () => {
    try {
      const requirements = await queryClient.fetchQuery(deviceRequirementsOptions(device.id));
      const urgent = [...requirements].sort((a, b) => (a.nextDueDate ?? '9999-12-31').localeCompare(b.nextDueDate ?? '9999-12-31'))[0];
      if (!urgent) {
        toast({ variant: 'destructive', title: 'Nothing to inspect', description: 'No requirement applies to this device, so there is no walk-through to start.' });
        return;
      }
      const walk = await start.mutateAsync(urgent.requirementId);
      navigate(`/walkthroughs/${walk.id}?device=${device.id}`);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not start the walk-through', description: serverMessage(error, 'Please try again.') });
    }
  };

  return (
    <div className="mx-auto max-w-4xl">
      <Button asChild variant="link" className="mb-2 h-auto px-0">
        <Link to={devicesOf(device.propertyId)}>
          <ArrowLeft aria-hidden="true" /> Devices at {device.propertyName}
        </Link>
      </Button>
      <PageHeader
        title={`Tag ${device.tag}`}
        titleAside={<DeviceStatusBadge device={device} />}
        description={
          <>
            <span className="block">
              {deviceTypeLabel(device.itemType)}
              {kind ? `: ${kind}` : ''} at{' '}
              <Link to={`/properties/${device.propertyId}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {device.propertyName}
              </Link>
            </span>
            <span className="block text-sm">{locationText(device.location)}</span>
            {device.status === 'out_of_service' && device.statusReason ? (
              <span className="block text-sm font-medium text-red-800">Out of service: {device.statusReason}</span>
            ) : null}
          </>
        }
      />

      <div className="mb-6 flex flex-wrap gap-2 empty:hidden" role="group" aria-label="Device actions">
        {canInspect ? (
          <Button onClick={() => void inspectNow()} disabled={start.isPending}>
            {start.isPending ? <Spinner /> : <ClipboardCheck aria-hidden="true" />}
            Inspect now
          </Button>
        ) : null}
        {canEdit ? (
          <>
            <Button variant="outline" {...reachFor(EditDeviceDialog)} onClick={() => setDialog('edit')}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button variant="outline" {...reachFor(DeviceStatusDialog)} onClick={() => setDialog('status')}>
              <RefreshCw aria-hidden="true" />
              Change status
            </Button>
            <Button variant="outline" className="text-destructive hover:text-destructive" {...reachFor(DeleteDeviceDialog)} onClick={() => setDialog('delete')}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        ) : null}
      </div>

      <div className="space-y-6">
        <DeviceFactsCard device={device} />
        <DeviceRequirementsCard deviceId={device.id} inService={device.status === 'in_service' || device.status === 'out_of_service'} />
        <DeviceHistoryCard deviceId={device.id} />
      </div>

      <EditDeviceDialog device={device} {...dialogProps('edit')} />
      <DeviceStatusDialog device={device} {...dialogProps('status')} />
      <DeleteDeviceDialog
        device={device}
        {...dialogProps('delete')}
        onDeleted={() => {
          toast({ title: 'Device Deleted', description: `Tag ${device.tag} is no longer on the list.` });
          navigate(devicesOf(device.propertyId));
        }}
      />
    </div>
  );
}

function DeviceNotFound() {
  return (
    <div className="mx-auto max-w-3xl">
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <SearchX aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-xl font-semibold">Device not found</h1>
        <p className="max-w-md text-sm text-muted-foreground">It may have been deleted, or the link may be wrong.</p>
        <Button asChild variant="outline">
          <Link to="/properties">See all properties</Link>
        </Button>
      </Card>
    </div>
  );
}

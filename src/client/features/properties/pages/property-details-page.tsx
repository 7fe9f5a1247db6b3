import { lazy, Suspense, useState } from 'react';
import { ArrowLeft, Building2, CalendarPlus, MapPin, Pencil } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { CODE_SET_LABELS, type CodeSet } from '@shared/code-sets';
import type { Property } from '@shared/schemas/property';
import { isApiError } from '@/lib/api';
import { recordIdFromUrl } from '@/lib/record-id';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePermissions } from '@/lib/use-permissions';
import { GenerateReportAction } from '@/components/generate-report-action';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { StatusBadge, StatusReason } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDeleteProperty } from '../api/use-delete-property';
import { propertyTabFromUrl, type PropertyTab } from '../api/property-page-query';
import { useProperty } from '../api/use-property';
import { DeletePropertyDialog } from '../components/delete-property-dialog';
import { PropertyInspectionsTab } from '@/features/inspections/components/property-inspections-tab';
import { ComplianceSchedule } from '@/features/requirements/components/compliance-schedule';
import { BelowMinimumWarning } from '@/features/requirements/components/below-minimum-warning';
import { PropertyOverview } from '../components/property-overview';
import { AvailableOfflineSwitch } from '../components/available-offline-switch';
import { OfflineScreen } from '@/app/offline-screen';
import { PropertyReportsTab } from '../components/property-reports-tab';
import { PropertyDeficienciesTab } from '@/features/records/components/property-deficiencies-tab';
import { PropertyShareTab } from '@/features/share-links/components/property-share-tab';
import { PropertyHistoryTab } from '@/features/history/components/property-history-tab';
import { PastInspectionsLink } from '@/features/inspection-history/components/history-entry-points';

// The form (and its validation) loads when its button is first reached for.
const EditPropertyDialog = lazyDialog(() => import('../components/edit-property-dialog').then((m) => m.EditPropertyDialog));
// The Devices tab's code loads when the tab is first opened.
const PropertyDevicesTab = lazy(() => import('@/features/devices/components/property-devices-tab').then((m) => ({ default: m.PropertyDevicesTab })));
const CodeSetDialog = lazyDialog(() => import('@/features/requirements/components/code-set-dialog').then((m) => m.CodeSetDialog));

export default function PropertyDetailsPage() {
  const params = useParams();
  const id = recordIdFromUrl(params.id);
  const property = useProperty(id);
  const notFound = id === undefined || (isApiError(property.error) && property.error.status === 404);
  useDocumentTitle(notFound ? 'Property Not Found' : (property.data?.name ?? 'Property Details'));

  if (notFound) return <PropertyNotFound />;
  // No network and nothing kept on the device for it: waiting would never end.
  if (property.isPending && property.fetchStatus === 'paused') return <OfflineScreen onRetry={() => void property.refetch()} />;
  if (property.isPending) return <DetailsSkeleton />;
  if (property.isError) {
    return (
      <LoadError
        message="Failed to load this property. Please refresh and try again."
        onRetry={() => void property.refetch()}
        retrying={property.isFetching}
      />
    );
  }
  return <PropertyDetails property={property.data} />;
}

function usePropertyTab(): [PropertyTab, (tab: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = propertyTabFromUrl(searchParams);
  const setTab = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'overview') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      // Switching tabs is not a page of history of its own.
      { replace: true },
    );
  return [tab, setTab];
}

function PropertyDetails({ property }: { property: Property }) {
  const navigate = useNavigate();
  const [tab, setTab] = usePropertyTab();
  const [editing, setEditing] = useState(false);
  const remove = useDeleteProperty();
  const { can } = usePermissions();
  // A move to a place whose code set is another: the set is offered, never changed silently.
  const [codeSetOffer, setCodeSetOffer] = useState<CodeSet | null>(null);
  const [codeSetOfferOpen, setCodeSetOfferOpen] = useState(false);
  const offerCodeSet = (suggested: CodeSet) => {
    if (can('requirements.edit')) {
      setCodeSetOffer(suggested);
      setCodeSetOfferOpen(true);
    } else {
      toast({
        title: 'Code set unchanged',
        description: `Its requirements still follow ${CODE_SET_LABELS[property.codeSet]}; someone who may change requirements can choose ${CODE_SET_LABELS[suggested]} on its Overview.`,
      });
    }
  };

  const onDelete = () => {
    // Lists drop it at once; a failure puts it back there with an error toast.
    remove.mutate(property.id);
    navigate('/properties');
  };

  return (
    <>
      <Button asChild variant="link" className="mb-2 h-auto px-0">
        <Link to="/properties">
          <ArrowLeft aria-hidden="true" /> All Properties
        </Link>
      </Button>
      <PageHeader
        title={property.name}
        titleAside={<StatusBadge status={property.status} />}
        description={
          <>
            <StatusReason status={property.status} reason={property.statusReason} className="font-medium" />
            <span className="flex items-start gap-1.5 text-sm">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="break-words">
                {[property.addressLine1, property.addressLine2, property.city, `${property.state} ${property.zip}`]
                  .filter(Boolean)
                  .join(', ')}
              </span>
            </span>
          </>
        }
      />
      <div className="mb-6 flex flex-wrap items-start gap-2 empty:hidden">
        {can('inspections.schedule') ? (
          <Button asChild>
            <Link to={`/inspections/new?propertyId=${property.id}`}>
              <CalendarPlus aria-hidden="true" />
              Schedule Inspection
            </Link>
          </Button>
        ) : null}
        <GenerateReportAction propertyId={property.id} />
        {can('properties.edit') ? (
          <Button variant="outline" {...reachFor(EditPropertyDialog)} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit Property
          </Button>
        ) : null}
        {can('properties.delete') ? <DeletePropertyDialog propertyName={property.name} onConfirm={onDelete} /> : null}
      </div>
      <div className="mb-6">
        <AvailableOfflineSwitch propertyId={property.id} propertyName={property.name} />
      </div>

      <Tabs value={tab} onValueChange={setTab}>
        {/* Rows of two on a phone: every tab's whole name shows, none hides off the edge. */}
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-10 sm:w-auto">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="devices">Devices</TabsTrigger>
          <TabsTrigger value="inspections">Inspections</TabsTrigger>
          <TabsTrigger value="reports">Reports</TabsTrigger>
          <TabsTrigger value="deficiencies">
            Deficiencies{property.openDeficiencies > 0 ? ` (${property.openDeficiencies})` : ''}
          </TabsTrigger>
          {can('shareLinks.manage') ? <TabsTrigger value="share">Share</TabsTrigger> : null}
          {can('history.property') ? <TabsTrigger value="history">History</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="overview">
          <BelowMinimumWarning propertyId={property.id} />
          <PropertyOverview property={property} />
          <ComplianceSchedule propertyId={property.id} />
          <PastInspectionsLink propertyId={property.id} variant="link" className="mt-3" />
        </TabsContent>
        {/* Radix mounts only the open panel, so each list is fetched when its tab is opened. */}
        <TabsContent value="devices">
          <Suspense fallback={<TabLoading />}>
            <PropertyDevicesTab propertyId={property.id} present={property.complianceItems.map((item) => item.itemType)} />
          </Suspense>
        </TabsContent>
        <TabsContent value="inspections">
          <PropertyInspectionsTab propertyId={property.id} />
        </TabsContent>
        <TabsContent value="reports">
          <PropertyReportsTab propertyId={property.id} />
        </TabsContent>
        <TabsContent value="deficiencies">
          <PropertyDeficienciesTab propertyId={property.id} />
        </TabsContent>
        {can('shareLinks.manage') ? (
          <TabsContent value="share">
            <PropertyShareTab propertyId={property.id} propertyName={property.name} />
          </TabsContent>
        ) : null}
        {can('history.property') ? (
          <TabsContent value="history">
            <PropertyHistoryTab propertyId={property.id} />
          </TabsContent>
        ) : null}
      </Tabs>

      <EditPropertyDialog property={property} open={editing} onOpenChange={setEditing} onPlaceChanged={offerCodeSet} />
      {codeSetOffer ? (
        <CodeSetDialog
          key={codeSetOffer}
          property={property}
          open={codeSetOfferOpen}
          onOpenChange={setCodeSetOfferOpen}
          initial={codeSetOffer}
          reason={`Where ${property.name} now is, the suggested code set is ${CODE_SET_LABELS[codeSetOffer]}. Its requirements still follow ${CODE_SET_LABELS[property.codeSet]} until you apply another set.`}
        />
      ) : null}
    </>
  );
}

function PropertyNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-red-100 text-red-800">
        <Building2 aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">Property not found</h1>
      <p className="max-w-md text-muted-foreground">
        This property does not exist or is no longer available. It may have been deleted.
      </p>
      <Button asChild>
        <Link to="/properties">
          <ArrowLeft aria-hidden="true" />
          Back to Properties
        </Link>
      </Button>
    </div>
  );
}

function TabLoading() {
  return (
    <div role="status" className="space-y-3 pt-2">
      <span className="sr-only">Loading...</span>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading property...</span>
      <div className="space-y-3">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-8 w-2/3 max-w-md" />
        <Skeleton className="h-4 w-1/2 max-w-sm" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Skeleton className="h-10 w-44" />
        <Skeleton className="h-10 w-40" />
        <Skeleton className="h-10 w-32" />
      </div>
      <Skeleton className="h-10 w-72" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

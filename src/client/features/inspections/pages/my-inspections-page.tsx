import { useMemo } from 'react';
import { CircleCheck, ClipboardList, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Inspection } from '@shared/schemas/inspection';
import type { Property } from '@shared/schemas/property';
import { apiGetList } from '@/lib/api';
import { formatDate } from '@/lib/format-date';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePermissions } from '@/lib/use-permissions';
import { EmptyState } from '@/components/empty-state';
import { InspectionStatusBadge } from '@/components/inspection-status-badge';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { PROPERTIES_KEY } from '@/features/properties/api/property-queries';
import { useInspectionList } from '../api/use-inspection-list';
import { describeInspection, inspectionTypeLabel, propertyNameOf } from '../components/inspection-text';
import { useInspectionDialogs } from '../components/inspection-row-actions';
import { ActivityBasisBadge } from '../components/activity-basis-badge';

const PAGE_SIZE = 25;
/** The server's largest page: an inspector is given a handful of properties, not hundreds. */
const ADDRESS_LIMIT = 500;

type Address = Pick<Property, 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zip'>;

/** Where each of the caller's properties is, for the cards' address lines. */
function usePropertyAddresses() {
  return useQuery({
    queryKey: [...PROPERTIES_KEY, 'addresses'],
    queryFn: async ({ signal }) => {
      const page = await apiGetList<Property>(`/api/properties?sort=name_asc&limit=${ADDRESS_LIMIT}`, signal);
      return new Map<number, Address>(page.items.map((p) => [p.id, p]));
    },
  });
}

function addressLine(address: Address): string {
  return [address.addressLine1, address.addressLine2, `${address.city}, ${address.state} ${address.zip}`].filter(Boolean).join(', ');
}

function InspectionCard({ inspection, address, onComplete }: { inspection: Inspection; address?: Address; onComplete: () => void }) {
  const titleId = `my-inspection-${inspection.id}`;
  return (
    <Card className="p-4" role="listitem" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="min-w-0 break-words text-lg font-semibold">
          {inspectionTypeLabel(inspection.inspectionType)}
        </h2>
        <InspectionStatusBadge status={inspection.displayStatus} />
      </div>
      {inspection.requirement && (!inspection.requirement.principal || inspection.activityBasis !== 'stated') ? (
        <p className="flex flex-wrap items-center gap-2 break-words text-sm text-muted-foreground">
          {inspection.requirement.activity}
          <ActivityBasisBadge basis={inspection.activityBasis} />
        </p>
      ) : null}
      <p className="mt-2 font-medium break-words">{propertyNameOf(inspection)}</p>
      {address ? (
        <p className="flex items-start gap-1.5 break-words text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {addressLine(address)}
        </p>
      ) : null}
      <p className="mt-2 text-sm">
        Due <span className="font-medium">{formatDate(inspection.dueDate)}</span>
      </p>
      {inspection.notes ? <p className="mt-1 whitespace-pre-line break-words text-sm text-muted-foreground">{inspection.notes}</p> : null}
      <div className="mt-4 grid gap-2 sm:flex sm:justify-end">
        <Button variant="outline" className="h-11" asChild>
          <Link to={`/inspections/${inspection.id}`} aria-label={`Details of ${describeInspection(inspection)}`}>
            Details
          </Link>
        </Button>
        <Button className="h-11" aria-label={`Complete ${describeInspection(inspection)}`} onClick={onComplete}>
          <CircleCheck aria-hidden="true" />
          Complete
        </Button>
      </div>
    </Card>
  );
}

/**
 * An inspector's home (issue 31): the open inspections assigned to them, due first, each with
 * its property and address and the Complete Inspection form one tap away. The server lists an
 * inspector only their own inspections, so the list needs no filter of its own.
 */
export default function MyInspectionsPage() {
  useDocumentTitle('My inspections');
  const { organization } = usePermissions();
  const list = useInspectionList({ kind: 'all' }, { status: 'open', sort: 'due_asc' }, PAGE_SIZE);
  const addresses = usePropertyAddresses();
  const { openComplete, dialogs } = useInspectionDialogs();
  const byId = useMemo(() => addresses.data ?? new Map<number, Address>(), [addresses.data]);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="My inspections"
        description={`Open inspections assigned to you${organization ? ` in ${organization.name}` : ''}, the soonest due first. Tap Complete to record the result.`}
      />
      {list.isPending ? (
        <LoadingState message="Loading your inspections..." />
      ) : list.isError && list.items.length === 0 ? (
        <LoadError message="Your inspections could not be loaded. Check your connection and try again." onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.items.length === 0 ? (
        <EmptyState icon={ClipboardList} title="No inspections assigned to you.">
          When an owner, admin or manager of {organization?.name ?? 'the organisation'} assigns you an inspection, it appears here with
          its address and due date.
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
            {list.total === 1 ? '1 open inspection' : `${list.total} open inspections`}
          </p>
          <div role="list" aria-label="My inspections" className="space-y-3">
            {list.items.map((inspection) => (
              <InspectionCard
                key={inspection.id}
                inspection={inspection}
                address={byId.get(inspection.propertyId)}
                onComplete={() => openComplete(inspection)}
              />
            ))}
          </div>
          {list.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" className="h-11 w-full sm:w-auto" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? <Spinner /> : null}
                Show more
              </Button>
            </div>
          ) : null}
        </>
      )}
      {dialogs}
    </div>
  );
}

import { useRef, useState, type ReactNode } from 'react';
import { ArrowLeft, BellOff, CalendarClock, CircleCheck, ClipboardCheck, Pencil, SearchX, Trash2 } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { usePermissions } from '@/lib/use-permissions';
import { LicenceNote } from '@/features/records/components/licence-note';
import { humanize } from '@shared/enums';
import { attestationSummary } from '@shared/records';
import type { Inspection, ReminderLog } from '@shared/schemas/inspection';
import { isApiError } from '@/lib/api';
import { recordIdFromUrl } from '@/lib/record-id';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { useDocumentTitle } from '@/lib/use-document-title';
import { InspectionStatusBadge, inspectionStatusLabel } from '@/components/inspection-status-badge';
import { LoadError } from '@/components/load-error';
import { OfflineScreen } from '@/app/offline-screen';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useCompleteInspection } from '../api/use-complete-inspection';
import { useWithPending } from '../api/pending-inspections';
import { WaitingToSyncBadge } from '@/components/waiting-to-sync-badge';
import { useInspection, useReminderLogs } from '../api/use-inspection';
import { DeleteInspectionDialog } from '../components/delete-inspection-dialog';
import { describeInspection, inspectionTypeLabel, isOpenInspection, propertyNameOf } from '../components/inspection-text';
import { ActivityBasisBadge } from '../components/activity-basis-badge';
import { RetestDetails } from '../components/retest-details';

// The forms (validation, the date picker) load when their button is first reached for.
const CompleteInspectionDialog = lazyDialog(() => import('../components/complete-inspection-dialog').then((m) => m.CompleteInspectionDialog));
const EditInspectionDialog = lazyDialog(() => import('../components/edit-inspection-dialog').then((m) => m.EditInspectionDialog));
const RescheduleDialog = lazyDialog(() => import('../components/reschedule-dialog').then((m) => m.RescheduleDialog));

function BackLink() {
  return (
    <Button asChild variant="link" className="mb-2 h-auto px-0">
      <Link to="/inspections">
        <ArrowLeft aria-hidden="true" /> Back to Inspections
      </Link>
    </Button>
  );
}

/** SPEC 2, "Inspection details". A missing inspection, or another account's, is 'Inspection not found'. */
export default function InspectionDetailsPage() {
  useDocumentTitle('Inspection Details');
  const id = recordIdFromUrl(useParams().id);
  const inspection = useInspection(id ?? 0, id !== undefined);
  const notFound = id === undefined || (inspection.isError && isApiError(inspection.error) && inspection.error.status === 404);

  if (notFound) {
    return (
      <div className="mx-auto max-w-3xl">
        <BackLink />
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <SearchX aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-xl font-semibold">Inspection not found</h1>
          <p className="max-w-md text-sm text-muted-foreground">It may have been deleted, or the link may be wrong.</p>
          <Button asChild variant="outline">
            <Link to="/inspections">See all inspections</Link>
          </Button>
        </Card>
      </div>
    );
  }

  // No network and nothing kept on the device for it (an open inspection of a property kept offline is kept).
  if (inspection.isPending && inspection.fetchStatus === 'paused') return <OfflineScreen onRetry={() => void inspection.refetch()} />;
  if (inspection.isPending) {
    return (
      <div className="mx-auto max-w-4xl" role="status">
        <span className="sr-only">Loading inspection...</span>
        <Skeleton className="mb-4 h-5 w-40" />
        <Skeleton className="mb-6 h-9 w-64" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }

  if (inspection.isError) {
    return (
      <div className="mx-auto max-w-4xl">
        <BackLink />
        <PageHeader title="Inspection Details" />
        <LoadError
          message="Failed to load this inspection. Please try again."
          onRetry={() => void inspection.refetch()}
          retrying={inspection.isFetching}
        />
      </div>
    );
  }

  return <InspectionDetails inspection={inspection.data} />;
}

type DialogName = 'complete' | 'record' | 'reschedule' | 'edit' | 'delete';

function InspectionDetails({ inspection: fromServer }: { inspection: Inspection }) {
  // A completion or edit recorded on this device and not yet synced shows as it will be.
  const inspection = useWithPending(fromServer);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const quickComplete = useCompleteInspection();
  const { can } = usePermissions();
  const canComplete = can('inspections.complete');
  const canSchedule = can('inspections.schedule');
  // The completing buttons go away with the open state; focus moves on to the next action.
  const editButton = useRef<HTMLButtonElement>(null);
  const open = isOpenInspection(inspection);
  // Completed without a result (Quick Complete): nothing about compliance changed yet.
  const resultMissing = inspection.status === 'completed' && !inspection.complianceResult;
  const typeLabel = inspectionTypeLabel(inspection.inspectionType);
  const dialogProps = (name: DialogName) => ({
    open: dialog === name,
    onOpenChange: (next: boolean) => setDialog(next ? name : null),
  });

  return (
    <div className="mx-auto max-w-4xl">
      <BackLink />
      <PageHeader
        title="Inspection Details"
        titleAside={
          <span className="flex flex-wrap gap-1">
            <InspectionStatusBadge status={inspection.displayStatus} />
            {inspection.waitingToSync ? <WaitingToSyncBadge /> : null}
          </span>
        }
        description={
          <>
            {typeLabel} at{' '}
            <Link
              to={`/properties/${inspection.property?.id ?? inspection.propertyId}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {propertyNameOf(inspection)}
            </Link>
          </>
        }
      />

      <div className="mb-6 flex flex-wrap gap-2 empty:hidden" role="group" aria-label="Inspection actions">
        {open && canComplete ? (
          <>
            <Button onClick={() => quickComplete.mutate({ id: inspection.id, propertyId: inspection.propertyId, label: describeInspection(inspection) }, { onSuccess: () => editButton.current?.focus() })} disabled={quickComplete.isPending}>
              {quickComplete.isPending ? <Spinner /> : <CircleCheck aria-hidden="true" />}
              Mark as Completed
            </Button>
            <Button variant="outline" {...reachFor(CompleteInspectionDialog)} onClick={() => setDialog('complete')}>
              <ClipboardCheck aria-hidden="true" />
              Complete with result
            </Button>
          </>
        ) : null}
        {open && canSchedule ? (
          <Button variant="outline" {...reachFor(RescheduleDialog)} onClick={() => setDialog('reschedule')}>
            <CalendarClock aria-hidden="true" />
            Reschedule
          </Button>
        ) : null}
        {resultMissing && canComplete ? (
          <Button {...reachFor(CompleteInspectionDialog)} onClick={() => setDialog('record')}>
            <ClipboardCheck aria-hidden="true" />
            Record result
          </Button>
        ) : null}
        {canSchedule ? (
          <Button ref={editButton} variant="outline" {...reachFor(EditInspectionDialog)} onClick={() => setDialog('edit')}>
            <Pencil aria-hidden="true" />
            Edit Inspection
          </Button>
        ) : null}
        {can('inspections.delete') ? (
          <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setDialog('delete')}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        ) : null}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
              <Detail term="Property">
                <Link
                  to={`/properties/${inspection.property?.id ?? inspection.propertyId}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {propertyNameOf(inspection)}
                </Link>
              </Detail>
              <Detail term="Inspection type">{typeLabel}</Detail>
              {inspection.requirement ? (
                <Detail term="Requirement">
                  {inspection.requirement.activity}
                  {inspection.activityBasis !== 'stated' ? (
                    <>
                      {' '}
                      <ActivityBasisBadge basis={inspection.activityBasis} />
                      <span className="mt-1 block text-xs text-muted-foreground">
                        It counts for this requirement, the type&apos;s principal one, without anyone having said so. Use Edit Inspection to name the check it was.
                      </span>
                    </>
                  ) : null}
                </Detail>
              ) : null}
              <Detail term="Assigned to">{inspection.assignedTo}</Detail>
              {inspection.inspector ? (
                <Detail term={inspection.status === 'completed' ? 'Performed by' : 'Inspector'}>
                  {inspection.inspector.name}
                  {inspection.inspector.company ? `, ${inspection.inspector.company}` : ''}
                  <br />
                  <LicenceNote
                    licenceNumber={inspection.inspector.licenceNumber}
                    licenceExpiresOn={inspection.inspector.licenceExpiresOn}
                    expired={inspection.inspector.licenceExpired}
                  />
                </Detail>
              ) : null}
              {/* The heading's badge is the one status badge; this line only adds that work began on a late or near one. */}
              <Detail term="Status">
                {inspectionStatusLabel(inspection.displayStatus)}
                {inspection.displayStatus !== inspection.status && inspection.status === 'in_progress' ? ', in progress' : null}
              </Detail>
              <Detail term="Due date">{formatDate(inspection.dueDate)}</Detail>
              {inspection.status === 'completed' && inspection.completedDate ? (
                <Detail term="Completed date">{formatDate(inspection.completedDate)}</Detail>
              ) : null}
              {inspection.complianceResult ? (
                <Detail term="Compliance result">
                  <Badge variant={inspection.complianceResult === 'compliant' ? 'success' : 'destructive'}>
                    {inspection.complianceResult === 'compliant' ? 'Compliant' : 'Non-compliant'}
                  </Badge>
                </Detail>
              ) : resultMissing ? (
                <Detail term="Compliance result">
                  <Badge variant="warning">Result not recorded</Badge>
                </Detail>
              ) : null}
              {inspection.deficiencyCount > 0 ? (
                <Detail term="Deficiencies">
                  <Link
                    to={`/properties/${inspection.property?.id ?? inspection.propertyId}?tab=deficiencies`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {inspection.deficiencyCount} recorded, {inspection.openDeficiencyCount} open
                  </Link>
                </Detail>
              ) : null}
              <RetestDetails inspection={inspection} Term={Detail} />
              {inspection.attestation ? (
                <Detail term="Attestation" wide>
                  {/* Who did the work and who signed, in words first: a recorder's record names both. */}
                  <span className="block font-medium">{attestationSummary(inspection.attestation)}</span>
                  <span className="block text-muted-foreground">
                    “{inspection.attestation.statement}” Signed {inspection.attestation.typedName}, {formatDateTime(inspection.attestation.attestedAt)}
                  </span>
                </Detail>
              ) : null}
              <Detail term="Created">{formatDate(inspection.createdAt)}</Detail>
              {inspection.rescheduleReason ? (
                <Detail term="Reschedule reason" wide>
                  {inspection.rescheduleReason}
                </Detail>
              ) : null}
              {/* Instructions typed when it was scheduled and findings typed when it was completed, each kept. */}
              <Detail term="Instructions" wide>
                {inspection.notes ? (
                  <span className="whitespace-pre-wrap">{inspection.notes}</span>
                ) : (
                  <span className="text-muted-foreground">No instructions.</span>
                )}
              </Detail>
              {inspection.status === 'completed' || inspection.completionNotes ? (
                <Detail term="Findings" wide>
                  {inspection.completionNotes ? (
                    <span className="whitespace-pre-wrap">{inspection.completionNotes}</span>
                  ) : (
                    <span className="text-muted-foreground">No findings recorded.</span>
                  )}
                </Detail>
              ) : null}
            </dl>
          </CardContent>
        </Card>
        <ReminderCard inspectionId={inspection.id} />
      </div>

      {/* Mounted even once the inspection is no longer open: an optimistic completion must
          not unmount the dialog that is saving it, and a rollback must find it as it was. */}
      <CompleteInspectionDialog inspection={inspection} {...dialogProps('complete')} />
      <CompleteInspectionDialog inspection={inspection} mode="record" {...dialogProps('record')} />
      <RescheduleDialog inspection={inspection} {...dialogProps('reschedule')} />
      <EditInspectionDialog inspection={inspection} {...dialogProps('edit')} />
      <DeleteInspectionDialog inspection={inspection} {...dialogProps('delete')} onDeleted={() => navigate('/inspections')} />
    </div>
  );
}

function Detail({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0' : 'min-w-0'}>
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="mt-1 break-words">{children}</dd>
    </div>
  );
}

/** What became of a reminder's latest e-mail, in words. */
function deliveryText(log: ReminderLog): string {
  const when = log.sentAt ?? log.queuedAt ?? log.createdAt;
  switch (log.delivery) {
    case 'sent':
      return `Sent ${formatDate(when)}`;
    case 'logged':
      return `Written to the server log ${formatDate(when)}: no mail server is set up`;
    case 'failed':
      return 'Could not be delivered';
    case 'not_sent':
      return 'Not sent: the address asked for no more mail';
    default:
      return 'Waiting to be sent';
  }
}

function ReminderCard({ inspectionId }: { inspectionId: number }) {
  const logs = useReminderLogs(inspectionId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reminders</CardTitle>
        <CardDescription>E-mail reminders sent for this inspection.</CardDescription>
      </CardHeader>
      <CardContent>
        {logs.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : logs.isError ? (
          <LoadError message="Failed to load reminders. Please try again." onRetry={() => void logs.refetch()} retrying={logs.isFetching} />
        ) : logs.data.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <BellOff aria-hidden="true" className="size-4" />
            No reminders have been sent for this inspection.
          </p>
        ) : (
          <ul className="divide-y text-sm">
            {logs.data.map((log) => (
              <li key={log.id} className="space-y-0.5 py-2">
                <div className="flex flex-wrap items-center justify-between gap-x-2">
                  <span className="font-medium">
                    {humanize(log.reminderType)}
                    {log.reminderType === 'overdue' && log.reminderCount > 1 ? ` (${log.reminderCount} times)` : ''}
                  </span>
                  <span className="text-muted-foreground">{deliveryText(log)}</span>
                </div>
                {log.subject ? (
                  <p className="break-words text-muted-foreground">
                    {log.to ? `To ${log.to}: ` : ''}“{log.subject}”
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

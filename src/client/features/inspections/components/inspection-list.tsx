import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date';
import type { Inspection } from '@shared/schemas/inspection';
import { InspectionStatusBadge } from '@/components/inspection-status-badge';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { inspectionTypeLabel, propertyNameOf } from './inspection-text';
import { ActivityBasisBadge } from './activity-basis-badge';
import { RetestNote } from './retest-details';
import { WaitingToSyncBadge } from '@/components/waiting-to-sync-badge';
import { useListWithPending, type ShownInspection } from '../api/pending-inspections';

interface InspectionListProps {
  items: Inspection[];
  /** Names the table and the card list for screen readers. */
  label: string;
  /** Off on a property's own page, where every row is that property. */
  showProperty?: boolean;
  showNotes?: boolean;
  renderActions: (inspection: Inspection) => ReactNode;
  /** Dims the rows while new filters are being fetched. */
  stale?: boolean;
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm';

function PropertyLink({ inspection }: { inspection: Inspection }) {
  return (
    <Link to={`/properties/${inspection.property?.id ?? inspection.propertyId}`} className={cn(linkClass, 'break-words')}>
      {propertyNameOf(inspection)}
    </Link>
  );
}

/**
 * The type, and the activity when it is not the type's principal (annual) one, or when it was
 * not stated or assumed (issue 37), which it then says.
 */
function TypeLink({ inspection }: { inspection: Inspection }) {
  const unstated = inspection.activityBasis !== 'stated';
  return (
    <>
      <Link to={`/inspections/${inspection.id}`} className={linkClass}>
        {inspectionTypeLabel(inspection.inspectionType)}
      </Link>
      {inspection.requirement && (unstated || !inspection.requirement.principal) ? (
        <span className="block break-words text-xs text-muted-foreground">{inspection.requirement.activity}</span>
      ) : null}
      {unstated ? <ActivityBasisBadge basis={inspection.activityBasis} className="mt-1" /> : null}
      <RetestNote inspection={inspection} />
    </>
  );
}

/** The status, and "Result not recorded" for one completed without a result. */
function StatusBadges({ inspection, className }: { inspection: ShownInspection; className?: string }) {
  return (
    <span className={cn('flex flex-wrap gap-1', className)}>
      <InspectionStatusBadge status={inspection.displayStatus} />
      {inspection.waitingToSync ? <WaitingToSyncBadge /> : null}
      {inspection.status === 'completed' && !inspection.complianceResult ? <Badge variant="warning">Result not recorded</Badge> : null}
    </span>
  );
}

/**
 * SPEC 2's inspection list: a table on wide screens (Property, Inspection Type, Due Date, Status,
 * Assigned To, Actions) and cards on phones (under 768 px). Each row links its property and
 * the inspection itself.
 */
export function InspectionList({ items: fromServer, label, showProperty = true, showNotes = false, renderActions, stale }: InspectionListProps) {
  // What this device recorded and has not yet synced shows over the server's rows.
  const items = useListWithPending(fromServer);
  return (
    <div className={cn('transition-opacity', stale && 'opacity-60')} aria-busy={stale || undefined}>
      <Card className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="border-b bg-muted text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              {showProperty ? (
                <th scope="col" className="px-4 py-3 font-semibold">
                  Property
                </th>
              ) : null}
              <th scope="col" className="px-4 py-3 font-semibold">
                Inspection Type
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Due Date
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Assigned To
              </th>
              {showNotes ? (
                <th scope="col" className="px-4 py-3 font-semibold">
                  Notes
                </th>
              ) : null}
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {items.map((inspection) => (
              <tr key={inspection.id} className="align-middle">
                {showProperty ? (
                  <td className="max-w-56 px-4 py-3">
                    <PropertyLink inspection={inspection} />
                  </td>
                ) : null}
                <td className="px-4 py-3">
                  <TypeLink inspection={inspection} />
                </td>
                <td className="whitespace-nowrap px-4 py-3">{formatDate(inspection.dueDate)}</td>
                <td className="px-4 py-3">
                  <StatusBadges inspection={inspection} />
                </td>
                <td className="max-w-48 break-words px-4 py-3">{inspection.assignedTo}</td>
                {showNotes ? (
                  <td className="max-w-xs px-4 py-3 text-muted-foreground">
                    <span className="line-clamp-2 break-words">
                      {inspection.completionNotes ? `Findings: ${inspection.completionNotes}` : null}
                      {inspection.completionNotes && inspection.notes ? ' · ' : null}
                      {inspection.notes ? `Instructions: ${inspection.notes}` : null}
                      {inspection.notes || inspection.completionNotes ? null : '—'}
                    </span>
                  </td>
                ) : null}
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-2 whitespace-nowrap">{renderActions(inspection)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <ul className="space-y-3 md:hidden" aria-label={label}>
        {items.map((inspection) => (
          <li key={inspection.id}>
            <Card className="space-y-3 p-4 text-sm">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0 space-y-1">
                  {showProperty ? (
                    <p className="text-base">
                      <PropertyLink inspection={inspection} />
                    </p>
                  ) : null}
                  <p>
                    <TypeLink inspection={inspection} />
                  </p>
                </div>
                <StatusBadges inspection={inspection} className="shrink-0 justify-end" />
              </div>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                <dt className="text-muted-foreground">Due</dt>
                <dd>{formatDate(inspection.dueDate)}</dd>
                <dt className="text-muted-foreground">Assigned to</dt>
                <dd className="break-words">{inspection.assignedTo}</dd>
                {showNotes && inspection.completionNotes ? (
                  <>
                    <dt className="text-muted-foreground">Findings</dt>
                    <dd className="break-words">{inspection.completionNotes}</dd>
                  </>
                ) : null}
                {showNotes && inspection.notes ? (
                  <>
                    <dt className="text-muted-foreground">Instructions</dt>
                    <dd className="break-words">{inspection.notes}</dd>
                  </>
                ) : null}
              </dl>
              <div className="flex flex-wrap gap-2 [&>*]:flex-1">{renderActions(inspection)}</div>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

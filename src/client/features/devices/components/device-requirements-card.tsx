import { useId } from 'react';
import { intervalLabel } from '@shared/intervals';
import type { DeviceRequirementResponse } from '@shared/schemas/device';
import { formatDate } from '@/lib/format-date';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useToday } from '@/features/inspections/api/use-today';
import { useDeviceRequirements } from '../api/use-device';

/** Why a next due date is missing: the date it counts from is not on the device. */
function unknownText(requirement: DeviceRequirementResponse): string {
  if (requirement.dueUnknownReason) return requirement.dueUnknownReason;
  if (requirement.countsFrom === 'manufacture') return 'Not known: add the month of manufacture';
  if (requirement.countsFrom === 'installation') return 'Not known: add the installation date';
  return 'Not known';
}

const COUNTS_FROM: Record<DeviceRequirementResponse['countsFrom'], string> = {
  last_done: 'Counted from the last time it was done',
  manufacture: 'Counted from the month of manufacture, or the last time it was done',
  installation: 'Counted from the installation date, or the last time it was done',
};

/** Each activity the code asks of this unit: how often, by what source, last done, next due. */
export function DeviceRequirementsCard({ deviceId, inService }: { deviceId: number; inService: boolean }) {
  const titleId = useId();
  const requirements = useDeviceRequirements(deviceId);
  // The organisation's today: a date before it is overdue, said in words, not left to be worked out.
  const today = useToday();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Requirements</CardTitle>
        <CardDescription>What this unit needs, how often, and the standard that says so.</CardDescription>
      </CardHeader>
      <CardContent>
        {requirements.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading requirements...</span>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : requirements.isError ? (
          <LoadError message="Failed to load the requirements. Please try again." onRetry={() => void requirements.refetch()} retrying={requirements.isFetching} />
        ) : requirements.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {inService
              ? 'No requirements apply to this device. Its safety item has none switched on at this property, or none for its kind.'
              : 'None: a device removed or replaced is no longer inspected. Its history is kept below.'}
          </p>
        ) : (
          <ul className="divide-y">
            {requirements.data.map((requirement) => (
              <li key={requirement.id} className="space-y-2 py-3 first:pt-0 last:pb-0">
                <h3 className="font-medium">{requirement.activity}</h3>
                <p className="text-sm text-muted-foreground">
                  {[intervalLabel(requirement), requirement.source ?? 'Custom'].filter(Boolean).join(' · ')}
                  <span className="block">{COUNTS_FROM[requirement.countsFrom]}</span>
                </p>
                <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="inline font-medium">Last done: </dt>
                    <dd className="inline">
                      {requirement.lastDoneOn ? formatDate(requirement.lastDoneOn) : 'Not yet'}
                      {requirement.lastResult === 'non_compliant' ? ' (failed)' : requirement.lastResult === 'compliant' ? ' (passed)' : ''}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline font-medium">Next due: </dt>
                    <dd className="inline">
                      {requirement.nextDueDate ? formatDate(requirement.nextDueDate) : unknownText(requirement)}
                      {inService && requirement.nextDueDate && requirement.nextDueDate < today ? <span className="font-medium text-red-800"> (overdue)</span> : null}
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

import { useId, useState } from 'react';
import { CalendarPlus, History, Power, Repeat, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { usePermissions } from '@/lib/use-permissions';
import type { Requirement } from '@shared/schemas/requirement';
import { BELOW_CODE_MINIMUM, belowMinimumText } from '@shared/code-minimum';
import { dueWindowPhrase } from '@shared/due-window';
import { serverMessage } from '@/lib/api';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useToday } from '@/features/inspections/api/use-today';
import { useUpdateRequirement } from '../api/use-requirement-mutations';
import { countsFromStated, monthYear } from '@shared/counts-from';
import { CountsFromDate } from './counts-from-date';
import { intervalAndSource, intervalReason, scheduleLink } from './requirement-text';

// The forms (and their validation) load when their buttons are first reached for.
const IntervalDialog = lazyDialog(() => import('./interval-dialog').then((m) => m.IntervalDialog));
const SwitchRequirementDialog = lazyDialog(() => import('./switch-requirement-dialog').then((m) => m.SwitchRequirementDialog));

/** Last done: the result's day, the day given when it was added, "Not known" (issue 35) or never. */
function lastDoneText(requirement: Requirement): string {
  if (requirement.lastDoneOn) return formatDate(requirement.lastDoneOn);
  // Counted from installation or manufacture: the day given is that, said on its own line.
  if (requirement.countsFrom !== 'last_done') return 'Never';
  if (requirement.lastDoneStatedOn) return `${formatDate(requirement.lastDoneStatedOn)}, no result recorded`;
  return requirement.lastDoneKnown ? 'Never' : 'Not known';
}

/**
 * One requirement on the property page: what, how often and by what source (with the reason
 * when its interval was changed), last done, next due and status, and what can be done to it.
 */
export function RequirementRow({ requirement }: { requirement: Requirement }) {
  const id = useId();
  const today = useToday();
  const [dialog, setDialog] = useState<'switch' | 'interval' | null>(null);
  const update = useUpdateRequirement(requirement.propertyId);
  const { can } = usePermissions();
  const canEdit = can('requirements.edit');
  const canSchedule = can('inspections.schedule');
  // Below the code minimum, the sentence saying so carries the reason (issue 37); it is not repeated.
  const below = requirement.belowCodeMinimum ? belowMinimumText(requirement) : null;
  const reason = below ? null : intervalReason(requirement);
  const offReason = requirement.active ? null : (requirement.changes.find((c) => c.kind === 'switched_off')?.reason ?? null);

  const toggleAuto = (checked: boolean) =>
    update.mutate(
      { id: requirement.id, values: { autoSchedule: checked } },
      {
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to update the requirement. Please try again.') }),
      },
    );

  return (
    <li className="space-y-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p id={`${id}-title`} className="break-words font-medium">
            {requirement.activity}
          </p>
          <p className="break-words text-sm text-muted-foreground">
            {intervalAndSource(requirement)}
            {reason ? <span className="text-foreground"> · Changed: {reason}</span> : null}
          </p>
          {requirement.note ? <p className="break-words text-sm text-muted-foreground">{requirement.note}</p> : null}
          {below ? <p className="break-words text-sm text-red-800">{below}</p> : null}
        </div>
        <div className="flex flex-wrap gap-1.5 sm:justify-end">
          {requirement.active ? <StatusBadge status={requirement.status} /> : <Badge variant="muted">Switched off</Badge>}
          {below ? (
            <Badge variant="destructive">
              <TriangleAlert aria-hidden="true" className="size-3" />
              {BELOW_CODE_MINIMUM}
            </Badge>
          ) : null}
          {requirement.dueNotScheduled ? <Badge variant="warning">Due, not scheduled</Badge> : null}
          {requirement.active && !requirement.lastDoneKnown ? <Badge variant="outline">Last done not known</Badge> : null}
          {requirement.libraryId === null ? <Badge variant="outline">Custom</Badge> : null}
        </div>
      </div>

      {/* A field test or replacement counted from installation or manufacture, never done yet (decision 041). */}
      {requirement.active && requirement.countsFrom !== 'last_done' && !requirement.lastDoneOn ? (
        requirement.lastDoneStatedOn ? (
          <p className="text-sm">
            {countsFromStated(requirement.countsFrom, requirement.lastDoneStatedOn)}; first due {monthYear(requirement.nextDueDate)}
          </p>
        ) : (
          <CountsFromDate requirement={requirement} today={today} canEdit={canEdit} />
        )
      ) : null}

      {requirement.active ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Last done</dt>
            <dd>{lastDoneText(requirement)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Next due</dt>
            <dd>
              {/* Where the code gives a window (NFPA 25), the month to aim for and the window; overdue after it closes. */}
              {dueWindowPhrase(requirement) ?? formatDate(requirement.nextDueDate)}
              {requirement.nextDueEstimated ? (
                <span className="text-muted-foreground" title="Guessed from the day it was added; record when it was last done to correct it">
                  {' '}
                  (estimated)
                </span>
              ) : null}
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-muted-foreground">Scheduled</dt>
            <dd>
              {requirement.openInspection ? (
                <Link to={`/inspections/${requirement.openInspection.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {formatDate(requirement.openInspection.dueDate)}
                  <span className="sr-only">: open the inspection of {requirement.activity}</span>
                </Link>
              ) : (
                'Not scheduled'
              )}
            </dd>
          </div>
        </dl>
      ) : below ? null : (
        <p className="break-words text-sm text-muted-foreground">{offReason ? `Does not apply: ${offReason}` : 'Does not apply to this property.'}</p>
      )}

      <div className="flex flex-wrap items-center gap-2 empty:hidden">
        {canSchedule && requirement.active && !requirement.openInspection ? (
          <Button asChild size="sm">
            <Link to={scheduleLink(requirement, today)} aria-label={`Schedule ${requirement.activity}`}>
              <CalendarPlus aria-hidden="true" />
              Schedule
            </Link>
          </Button>
        ) : null}
        {canEdit && requirement.active ? (
          <Button variant="outline" size="sm" {...reachFor(IntervalDialog)} onClick={() => setDialog('interval')} aria-label={`Change interval of ${requirement.activity}`}>
            <Repeat aria-hidden="true" />
            Change interval
          </Button>
        ) : null}
        {canEdit ? (
          <Button
            variant="outline"
            size="sm"
            {...reachFor(SwitchRequirementDialog)}
            onClick={() => setDialog('switch')}
            aria-label={`${requirement.active ? 'Switch off' : 'Switch on'} ${requirement.activity}`}
          >
            <Power aria-hidden="true" />
            {requirement.active ? 'Switch off' : 'Switch on'}
          </Button>
        ) : null}
        {canEdit && requirement.active ? (
          <label className="flex items-center gap-2 text-sm">
            <Switch
              checked={requirement.autoSchedule}
              onCheckedChange={toggleAuto}
              disabled={update.isPending}
              aria-describedby={`${id}-title`}
            />
            Schedule the next inspection automatically
          </label>
        ) : null}
      </div>

      {requirement.changes.length > 0 ? (
        <details className="group text-sm">
          <summary className="flex w-fit cursor-pointer items-center gap-1.5 rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <History aria-hidden="true" className="size-4" />
            Changes ({requirement.changes.length})<span className="sr-only"> to {requirement.activity}</span>
          </summary>
          <ul className="mt-2 space-y-1 border-l-2 pl-3">
            {requirement.changes.map((change) => (
              <li key={change.id} className="break-words">
                {change.detail}
                {change.reason ? `: ${change.reason}` : ''}
                <span className="text-muted-foreground">
                  {' '}
                  · {change.changedBy}, {formatDate(change.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      <SwitchRequirementDialog requirement={requirement} open={dialog === 'switch'} onOpenChange={(open) => setDialog(open ? 'switch' : null)} />
      <IntervalDialog requirement={requirement} open={dialog === 'interval'} onOpenChange={(open) => setDialog(open ? 'interval' : null)} />
    </li>
  );
}

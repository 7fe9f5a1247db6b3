import { useState } from 'react';
import { CalendarClock, CircleCheck } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import { lazyDialog } from '@/lib/lazy-dialog';
import { usePermissions } from '@/lib/use-permissions';
import type { Inspection } from '@shared/schemas/inspection';
import { isTemporaryId } from '@/features/properties/api/property-queries';
import { Button } from '@/components/ui/button';
import { describeInspection, isOpenInspection } from './inspection-text';

// The dialogs (forms, validation, the date picker) load when a row first opens one, so the
// lists that show these actions (the dashboard among them) do not download them up front.
const CompleteInspectionDialog = lazyDialog(() => import('./complete-inspection-dialog').then((m) => m.CompleteInspectionDialog));
const RescheduleDialog = lazyDialog(() => import('./reschedule-dialog').then((m) => m.RescheduleDialog));

interface RowActionsProps {
  inspection: Inspection;
  onComplete: (inspection: Inspection) => void;
  onReschedule: (inspection: Inspection) => void;
  /** Whether the row's accessible names should say which property (off on a property's page). */
  withProperty?: boolean;
  /** A row whose change is on its way. */
  busy?: boolean;
}

/**
 * Complete and Reschedule for an open inspection; a completed one says when. The visible
 * words lead each button's accessible name, which adds which inspection it acts on.
 */
export function InspectionRowActions({ inspection, onComplete, onReschedule, withProperty = true, busy }: RowActionsProps) {
  const { can } = usePermissions();
  if (!isOpenInspection(inspection)) {
    return inspection.status === 'completed' && inspection.completedDate ? (
      <span className="self-center whitespace-nowrap text-xs text-muted-foreground">
        Completed {formatDate(inspection.completedDate)}
      </span>
    ) : null;
  }
  const what = describeInspection(inspection, withProperty);
  const disabled = busy || isTemporaryId(inspection.id);
  return (
    <>
      {can('inspections.complete') ? (
        <Button variant="outline" size="sm" aria-label={`Complete ${what}`} disabled={disabled} onClick={() => onComplete(inspection)}>
          <CircleCheck aria-hidden="true" />
          Complete
        </Button>
      ) : null}
      {can('inspections.schedule') ? (
        <Button variant="outline" size="sm" aria-label={`Reschedule ${what}`} disabled={disabled} onClick={() => onReschedule(inspection)}>
          <CalendarClock aria-hidden="true" />
          Reschedule
        </Button>
      ) : null}
    </>
  );
}

type DialogState = { kind: 'complete' | 'reschedule'; inspection: Inspection; open: boolean } | null;

/**
 * One Complete Inspection and one Reschedule dialog for a whole list; rows open them for
 * their inspection.
 */
export function useInspectionDialogs() {
  const [state, setState] = useState<DialogState>(null);
  const setOpen = (open: boolean) => setState((current) => (current ? { ...current, open } : current));
  const openComplete = (inspection: Inspection) => setState({ kind: 'complete', inspection, open: true });
  const openReschedule = (inspection: Inspection) => setState({ kind: 'reschedule', inspection, open: true });
  const dialogs = (
    <>
      <CompleteInspectionDialog
        inspection={state?.kind === 'complete' ? state.inspection : null}
        open={state?.kind === 'complete' && state.open}
        onOpenChange={setOpen}
      />
      <RescheduleDialog
        inspection={state?.kind === 'reschedule' ? state.inspection : null}
        open={state?.kind === 'reschedule' && state.open}
        onOpenChange={setOpen}
      />
    </>
  );
  return { openComplete, openReschedule, dialogs };
}

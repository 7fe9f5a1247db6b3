import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/load-error';
import { serverMessage } from '@/lib/api';
import { formatDate } from '@/lib/format-date';
import { inspectionTypeLabel } from '@/features/inspections/components/inspection-text';
import { useStartWalkthrough, useWalkthroughChoices } from '../api/walkthrough-queries';

interface StartWalkthroughDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  propertyId: number;
}

/** Chooses the activity to walk; an open walk of it is resumed rather than started again. */
export function StartWalkthroughDialog({ open, onOpenChange, propertyId }: StartWalkthroughDialogProps) {
  const id = useId();
  const navigate = useNavigate();
  const { choices, isPending, isError, retry } = useWalkthroughChoices(propertyId, open);
  const start = useStartWalkthrough(propertyId);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!open) return;
    setChosen('');
    setError(undefined);
    start.reset();
  }, [open]);

  // One activity: chosen already.
  const only = choices.length === 1 ? String(choices[0]!.requirement.id) : '';
  const value = chosen || only;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) {
      setError('Choose the activity to walk');
      return;
    }
    start.mutate(Number(value), { onSuccess: (walk) => navigate(`/walkthroughs/${walk.id}`) });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !start.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Start walk-through</DialogTitle>
          <DialogDescription>Walk the building with your phone and record each device with one tap.</DialogDescription>
        </DialogHeader>
        {isPending ? (
          <div role="status" className="space-y-2">
            <span className="sr-only">Loading activities...</span>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : isError ? (
          <LoadError message="The activities could not be loaded." onRetry={retry} />
        ) : choices.length === 0 ? (
          <p className="text-sm">No activity has devices in service yet. Add the devices of a safety item first, then walk them here.</p>
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4">
            <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
              <legend className="text-sm font-medium">Activity</legend>
              {choices.map(({ requirement, devices, open: walk }) => (
                <Label
                  key={requirement.id}
                  className="flex cursor-pointer items-start gap-3 rounded-md border p-3 font-normal has-[:checked]:border-primary has-[:checked]:bg-accent"
                >
                  <input
                    type="radio"
                    name={`${id}-activity`}
                    value={requirement.id}
                    className="mt-1 size-4 shrink-0"
                    checked={value === String(requirement.id)}
                    onChange={() => {
                      setChosen(String(requirement.id));
                      setError(undefined);
                    }}
                  />
                  <span className="min-w-0 space-y-0.5">
                    <span className="block break-words font-medium leading-snug">{requirement.activity}</span>
                    <span className="block text-sm text-muted-foreground">
                      {inspectionTypeLabel(requirement.itemType)} · {devices === 1 ? '1 device' : `${devices} devices`} · due {formatDate(requirement.nextDueDate)}
                    </span>
                    {walk ? (
                      <span className="block text-sm font-medium">
                        Open walk: {walk.progress.done} of {walk.progress.total} done. Continue it.
                      </span>
                    ) : null}
                  </span>
                </Label>
              ))}
              {error ? (
                <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
                  {error}
                </p>
              ) : null}
            </fieldset>
            {start.isError ? <FormAlert>{serverMessage(start.error, 'The walk-through could not be started. Check the connection and try again.')}</FormAlert> : null}
            <FormDialogFooter pending={start.isPending}>
              {choices.find((c) => String(c.requirement.id) === value)?.open ? 'Continue walk-through' : 'Start walk-through'}
            </FormDialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

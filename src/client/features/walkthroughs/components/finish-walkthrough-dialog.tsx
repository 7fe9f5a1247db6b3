import { useEffect } from 'react';
import { Link } from 'react-router';
import { useForm, type UseFormRegister } from 'react-hook-form';
import type { AttestationRole } from '@shared/records';
import { finishWalkthroughSchema } from '@shared/schemas/walkthrough';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { GenerateReportAction } from '@/components/generate-report-action';
import { isApiError, serverMessage } from '@/lib/api';
import { AttestationFields, type AttestationValues } from '@/features/inspections/components/attestation-fields';
import { toastKept } from '@/components/kept-toast';
import { useFinishWalkthrough, type FinishWalkthroughResult } from '../api/walkthrough-queries';

interface FinishWalkthroughDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  walkId: number;
  propertyId: number;
  /** Who started the walk: named in the recorder's statement. */
  performer: string;
  /** Tags not tapped, and tags tapped Not accessible: neither moves its clock. */
  notTapped: string[];
  notAccessible: string[];
  failed: number;
  /** What the walk is for, named in the sync list. */
  activity: string;
  /** Taps being written on the phone this moment: finishing waits for them. */
  saving: number;
  /** Taps kept on the phone for the network: the finish is sent after them. */
  waiting: number;
}

interface FinishValues extends AttestationValues {
  notes: string;
}

const LISTED = 12;

function TagList({ label, tags }: { label: string; tags: string[] }) {
  if (!tags.length) return null;
  const shown = tags.slice(0, LISTED);
  return (
    <p className="break-words text-sm">
      <span className="font-medium">{label}:</span> {shown.join(', ')}
      {tags.length > LISTED ? ` and ${tags.length - LISTED} more` : ''}
    </p>
  );
}

/**
 * Finish: one attestation for the whole walk (the Complete Inspection dialog's statement and
 * typed name), what was not reached (it stays due), then the result with the report to make.
 */
export function FinishWalkthroughDialog({ open, onOpenChange, walkId, propertyId, activity, performer, notTapped, notAccessible, failed, saving, waiting }: FinishWalkthroughDialogProps) {
  const finish = useFinishWalkthrough(walkId, { propertyId, label: activity });
  const form = useForm<FinishValues>({ defaultValues: { attestRole: '', attestName: '', notes: '' } });
  const { errors } = form.formState;
  const attestRole = form.watch('attestRole');
  const done: FinishWalkthroughResult | undefined = finish.data?.sent ? finish.data.answer : undefined;

  useEffect(() => {
    if (open && !done) {
      form.reset({ attestRole: '', attestName: '', notes: '' });
      finish.reset();
    }
  }, [open]);

  const onSubmit = form.handleSubmit((values) => {
    const body = {
      notes: values.notes,
      attestation: { accepted: true as const, role: (values.attestRole || undefined) as AttestationRole | undefined, typedName: values.attestName },
    };
    if (!values.attestRole) {
      form.setError('attestRole', { type: 'validate', message: 'Choose whether you performed the inspection or are recording it' });
    }
    const parsed = finishWalkthroughSchema.safeParse(body);
    if (!parsed.success || !values.attestRole) {
      for (const issue of parsed.error?.issues ?? []) {
        if (issue.path.join('.') === 'attestation.typedName') form.setError('attestName', { type: 'validate', message: issue.message });
        if (issue.path[0] === 'notes') form.setError('notes', { type: 'validate', message: issue.message });
      }
      return;
    }
    finish.mutate(parsed.data, {
      onSuccess: (outcome) => {
        if (outcome.sent) return;
        // Kept on the phone: the walk shows it finished here, and it syncs when the signal returns.
        toastKept('Walk-through finished');
        onOpenChange(false);
      },
      onError: (error) => {
        const signer = isApiError(error) ? error.fieldErrors['attestation.typedName']?.[0] : undefined;
        if (signer) form.setError('attestName', { type: 'server', message: signer });
      },
    });
  });

  const notReached = notTapped.length + notAccessible.length;

  if (done) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Walk-through finished</DialogTitle>
            <DialogDescription>
              The inspection is completed: {done.result === 'compliant' ? 'compliant' : 'non-compliant'}
              {failed ? `, with ${failed === 1 ? '1 failure' : `${failed} failures`} recorded as deficiencies` : ''}.
            </DialogDescription>
          </DialogHeader>
          {done.notReached ? (
            <p className="text-sm">
              {done.notReached === 1 ? '1 device was not reached. It stays due.' : `${done.notReached} devices were not reached. They stay due.`}
            </p>
          ) : (
            <p className="text-sm">Every device was reached.</p>
          )}
          <div className="flex flex-col gap-2">
            <GenerateReportAction propertyId={propertyId} />
            <Button asChild variant="outline">
              <Link to={`/inspections/${done.inspectionId}`}>See the inspection</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/properties/${propertyId}`}>Back to the property</Link>
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !finish.isPending && onOpenChange(next)}>
      <DialogContent dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Finish walk-through</DialogTitle>
          <DialogDescription>Completes the inspection with one attestation for every device tapped, and schedules the next one.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <div className="space-y-2 rounded-md bg-muted p-3">
            {notReached ? (
              <>
                <p className="text-sm font-medium">
                  {notReached === 1 ? '1 device not reached. It stays due.' : `${notReached} devices not reached. They stay due.`}
                </p>
                <TagList label="Not tapped" tags={notTapped} />
                <TagList label="Not accessible" tags={notAccessible} />
              </>
            ) : (
              <p className="text-sm font-medium">Every device was reached.</p>
            )}
          </div>
          <FormField label="Notes" error={errors.notes?.message} hint="Optional. The failures are listed in the inspection's notes for you.">
            {(control) => <Textarea {...control} rows={2} maxLength={5000} {...form.register('notes')} />}
          </FormField>
          <AttestationFields
            register={form.register as unknown as UseFormRegister<AttestationValues>}
            performer={performer}
            role={attestRole}
            roleError={errors.attestRole?.message}
            nameError={errors.attestName?.message}
          />
          {finish.isError && !(isApiError(finish.error) && finish.error.fieldErrors['attestation.typedName']) ? (
            <FormAlert>{serverMessage(finish.error, 'The walk-through could not be finished. Check the connection and try again.')}</FormAlert>
          ) : null}
          {waiting ? (
            <p className="text-sm text-muted-foreground">
              {waiting === 1 ? '1 tap is' : `${waiting} taps are`} saved on this device, waiting to sync; the finish is sent after them.
            </p>
          ) : null}
          <FormDialogFooter pending={finish.isPending} disabled={saving ? `Wait until every tap is saved (${saving} being saved).` : false}>
            Finish walk-through
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

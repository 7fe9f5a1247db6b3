import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { completeDialogSchema, type Inspection } from '@shared/schemas/inspection';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api';
import { useCompleteInspection } from '../api/use-complete-inspection';
import { useRecordResult } from '../api/use-record-result';
import { useToday } from '../api/use-today';
import { describeInspection } from './inspection-text';

interface CompleteInspectionDialogProps {
  /** Kept while the dialog closes, so its text does not vanish mid-animation. */
  inspection: Inspection | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'record' gives an inspection completed without a result its result ("Record result"). */
  mode?: 'complete' | 'record';
}

const RESULTS = [
  { value: 'compliant', label: 'Compliant' },
  { value: 'non_compliant', label: 'Non-compliant' },
] as const;

/**
 * SPEC 2 and 5, "Complete Inspection": a compliance status and notes, the notes required for a
 * non-compliant result, and the day it was performed (today by default, never later), from
 * which the next due date counts. The result travels with the completion (DECISIONS). In
 * 'record' mode it records the result of an inspection completed without one.
 */
export function CompleteInspectionDialog({ inspection, open, onOpenChange, mode = 'complete' }: CompleteInspectionDialogProps) {
  const id = useId();
  const today = useToday();
  const complete = useCompleteInspection();
  const record = useRecordResult();
  const recording = mode === 'record';
  const saving = complete.isPending || record.isPending;
  const form = useForm({
    resolver: zodResolver(completeDialogSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { complianceStatus: undefined, notes: '', performedOn: today },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset({ complianceStatus: undefined, notes: recording ? (inspection?.notes ?? '') : '', performedOn: today });
  }, [open, inspection?.id, form]);

  const result = form.watch('complianceStatus');
  const notes = form.watch('notes');
  const nonCompliant = result === 'non_compliant';
  const notesMissing = nonCompliant && notes.trim() === '';

  const onSubmit = form.handleSubmit((values) => {
    if (!inspection) return;
    if (recording) {
      record.mutate({ id: inspection.id, complianceResult: values.complianceStatus, notes: values.notes }, { onSuccess: () => onOpenChange(false) });
      return;
    }
    if (values.performedOn > today) {
      form.setError('performedOn', { type: 'validate', message: 'The day it was performed cannot be in the future' });
      return;
    }
    complete.mutate(
      { id: inspection.id, complianceStatus: values.complianceStatus, notes: values.notes, performedOn: values.performedOn },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => {
          const message = isApiError(error) ? error.fieldErrors.completedDate?.[0] : undefined;
          if (message) form.setError('performedOn', { type: 'server', message });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>{recording ? 'Record Result' : 'Complete Inspection'}</DialogTitle>
          <DialogDescription>
            {inspection ? `${describeInspection(inspection)}. ` : ''}
            The result sets the compliance of this item and the property&apos;s status
            {recording ? '.' : '; the next inspection is due one interval after the day it was performed.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <div className="space-y-2">
            <span id={`${id}-result`} className="text-sm font-medium leading-none">
              Compliance status
            </span>
            <Controller
              control={form.control}
              name="complianceStatus"
              render={({ field }) => (
                <RadioGroup
                  ref={field.ref}
                  value={field.value ?? ''}
                  onValueChange={field.onChange}
                  aria-labelledby={`${id}-result`}
                  aria-describedby={errors.complianceStatus ? `${id}-result-error` : undefined}
                  aria-required="true"
                  className="grid-cols-1 gap-2 sm:grid-cols-2"
                >
                  {RESULTS.map((option) => (
                    <Label
                      key={option.value}
                      htmlFor={`${id}-${option.value}`}
                      className="flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
                    >
                      <RadioGroupItem id={`${id}-${option.value}`} value={option.value} />
                      {option.label}
                    </Label>
                  ))}
                </RadioGroup>
              )}
            />
            {errors.complianceStatus ? (
              <p id={`${id}-result-error`} className="text-sm font-medium text-destructive">
                {errors.complianceStatus.message}
              </p>
            ) : null}
          </div>

          {recording ? null : (
            <FormField label="Performed on" error={errors.performedOn?.message} hint="The day the inspection was done; today if it was done today.">
              {(control) => <Input {...control} type="date" max={today} aria-required="true" {...form.register('performedOn')} />}
            </FormField>
          )}

          <FormField
            label="Notes"
            error={errors.notes?.message}
            hint={nonCompliant ? 'Required for non-compliance' : 'Optional for a compliant result.'}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                maxLength={5000}
                aria-required={nonCompliant ? 'true' : undefined}
                placeholder={nonCompliant ? 'What failed, and what needs to be done?' : 'Anything worth recording'}
                {...form.register('notes')}
              />
            )}
          </FormField>

          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={saving}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={notesMissing || saving}>
              {saving ? <Spinner /> : null}
              {recording ? 'Record Result' : 'Complete Inspection'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

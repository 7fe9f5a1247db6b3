import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { InspectionType } from '@shared/enums';
import { customRequirementSchema, type CustomRequirementInput } from '@shared/schemas/requirement';
import { serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useFormErrorOnOpen } from '@/lib/use-form-error-on-open';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useToday } from '@/features/inspections/api/use-today';
import { useAddCustomRequirement } from '../api/use-requirement-mutations';
import { IntervalFields } from './interval-fields';
import { typeLabel } from './requirement-text';
import { SafetyItemSelect } from './safety-item-select';

interface CustomRequirementDialogProps {
  propertyId: number;
  /** The safety items the property has: a custom requirement belongs to one of them. */
  present: InspectionType[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const FIELDS = ['itemType', 'activity', 'intervalCount', 'intervalUnit', 'source', 'nextDueDate', 'reason'] as const;

/** A requirement of the account's own: an insurer's condition, a local rule, a manufacturer's advice. */
export function CustomRequirementDialog({ propertyId, present, open, onOpenChange }: CustomRequirementDialogProps) {
  const today = useToday();
  const add = useAddCustomRequirement(propertyId);
  const defaults = (): CustomRequirementInput => ({
    itemType: present.length === 1 ? present[0]! : ('' as InspectionType),
    activity: '',
    intervalCount: 1,
    intervalUnit: 'months',
    source: '',
    nextDueDate: today,
    reason: '',
  });
  const form = useForm<CustomRequirementInput>({ resolver: zodResolver(customRequirementSchema), defaultValues: defaults() });
  const { errors } = form.formState;

  const { formError, setFormError } = useFormErrorOnOpen(form, open, defaults);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    add.mutate(values, {
      onSuccess: (saved) => {
        onOpenChange(false);
        toast({ title: 'Requirement Added', description: `${saved.activity} is now on the ${typeLabel(saved.itemType)} schedule.` });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, FIELDS)) setFormError(serverMessage(error, 'Failed to add the requirement. Please try again.'));
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !add.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-xl" dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Add custom requirement</DialogTitle>
          <DialogDescription>A recurring activity of your own for one of this property&apos;s safety items.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormField label="Safety item" error={errors.itemType?.message}>
            {(control) => <SafetyItemSelect {...control} {...form.register('itemType')} types={present} />}
          </FormField>
          <FormField label="Activity" error={errors.activity?.message}>
            {(control) => <Input {...control} maxLength={120} placeholder="For example: Weekly panel check" {...form.register('activity')} />}
          </FormField>
          <IntervalFields
            register={form.register as unknown as UseFormRegister<{ intervalCount?: unknown; intervalUnit?: unknown }>}
            errors={errors as FieldErrors<{ intervalCount?: unknown; intervalUnit?: unknown }>}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Source (optional)" error={errors.source?.message} hint="A standard, a letter, a manual.">
              {(control) => <Input {...control} maxLength={200} {...form.register('source')} />}
            </FormField>
            <FormField label="First due on" error={errors.nextDueDate?.message}>
              {(control) => <Input {...control} type="date" {...form.register('nextDueDate')} />}
            </FormField>
          </div>
          <FormField label="Reason (optional)" error={errors.reason?.message}>
            {(control) => <Textarea {...control} rows={2} maxLength={1000} {...form.register('reason')} />}
          </FormField>
          <FormDialogFooter pending={add.isPending}>
            Add Requirement
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

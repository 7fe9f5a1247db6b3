import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import { addSafetyItemSchema, type AddSafetyItemInput } from '@shared/schemas/requirement';
import { intervalLabel } from '@shared/intervals';
import { serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useFormErrorOnOpen } from '@/lib/use-form-error-on-open';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useToday } from '@/features/inspections/api/use-today';
import { useAddSafetyItem } from '../api/use-requirement-mutations';
import { useRequirementLibrary } from '../api/use-requirement-library';
import { typeLabel } from './requirement-text';
import { SafetyItemSelect } from './safety-item-select';

interface AddSafetyItemDialogProps {
  propertyId: number;
  /** The types the property has already: not offered again. */
  present: InspectionType[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const FIELDS = ['itemType', 'nextDueDate'] as const;

/** "Add safety item": the property gets the library's requirements of that type. */
export function AddSafetyItemDialog({ propertyId, present, open, onOpenChange }: AddSafetyItemDialogProps) {
  const today = useToday();
  const add = useAddSafetyItem(propertyId);
  const library = useRequirementLibrary();
  const available = INSPECTION_TYPES.filter((type) => !present.includes(type));
  const defaults = (): AddSafetyItemInput => ({ itemType: '' as InspectionType, nextDueDate: today });
  const form = useForm<AddSafetyItemInput>({ resolver: zodResolver(addSafetyItemSchema), defaultValues: defaults() });
  const { errors } = form.formState;
  const chosen = form.watch('itemType');
  const entries = (library.data ?? []).filter((entry) => entry.itemType === chosen);

  const { formError, setFormError } = useFormErrorOnOpen(form, open, defaults);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    add.mutate(values, {
      onSuccess: () => {
        onOpenChange(false);
        toast({ title: 'Safety Item Added', description: `${typeLabel(values.itemType as InspectionType)} and its requirements are now on the schedule.` });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, FIELDS)) setFormError(serverMessage(error, 'Failed to add the safety item. Please try again.'));
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !add.isPending && onOpenChange(next)}>
      <DialogContent dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Add safety item</DialogTitle>
          <DialogDescription>
            The property gets the standard requirements of the item. Switch off any that do not apply, or change their interval, afterwards.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormField label="Safety item" error={errors.itemType?.message}>
            {(control) => <SafetyItemSelect {...control} {...form.register('itemType')} types={available} />}
          </FormField>
          <FormField
            label="First due on"
            error={errors.nextDueDate?.message}
            hint="When its annual inspection is next due. The other requirements are first due one interval from today, within a year."
          >
            {(control) => <Input {...control} type="date" {...form.register('nextDueDate')} />}
          </FormField>
          {entries.length > 0 ? (
            <div className="rounded-md border bg-muted/40 p-3 text-sm">
              <p className="mb-2 font-medium">Requirements it brings</p>
              <ul className="space-y-1">
                {entries.map((entry) => (
                  <li key={entry.id}>
                    {entry.activity}: {intervalLabel(entry).toLowerCase()} <span className="text-muted-foreground">({entry.source})</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <FormDialogFooter pending={add.isPending}>
            Add Safety Item
          </FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

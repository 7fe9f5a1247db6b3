import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { InspectionType } from '@shared/enums';
import { bulkCreateDevicesSchema } from '@shared/schemas/device';
import { serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useFormErrorOnOpen } from '@/lib/use-form-error-on-open';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useToday } from '@/features/inspections/api/use-today';
import { useBulkAddDevices, type BulkAddInput } from '../api/use-add-devices';
import { ItemTypeOptions, SubtypeOptions } from './device-choice-options';
import { floorText, itemLabel, subtypeOptions } from './device-text';

type BulkValues = z.output<typeof bulkCreateDevicesSchema>;

/** Every field the server may name in its answer, as the form's paths spell them. */
const BULK_FORM_FIELDS = [
  'count',
  'itemType',
  'subtype',
  'rating',
  'location.building',
  'location.floor',
  'location.room',
  'location.description',
  'manufacturer',
  'model',
  'manufacturedOn',
  'installedOn',
  'notes',
] as const;

const emptyForm = (itemType: InspectionType | ''): BulkAddInput => ({
  count: '' as unknown as number,
  itemType: itemType as InspectionType,
  subtype: '',
  rating: '',
  location: { building: '', floor: '', room: '', description: '' },
  manufacturer: '',
  model: '',
  manufacturedOn: '',
  installedOn: '',
  notes: '',
});

interface BulkAddDialogProps {
  propertyId: number;
  /** The property's safety items, offered first; with one, it is chosen already. */
  present?: readonly InspectionType[];
  initialItem?: InspectionType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Add several at once" (issue 32 §1): "8 dry chemical 5 lb extinguishers on floor 3", alike
 * but for their tags, which are made for each. Serial numbers differ unit by unit, so they are
 * typed on each device afterwards (or brought in by the CSV import).
 */
export function BulkAddDialog({ propertyId, present = [], initialItem, open, onOpenChange }: BulkAddDialogProps) {
  const today = useToday();
  const add = useBulkAddDevices(propertyId);
  const defaults = () => emptyForm(initialItem ?? (present.length === 1 ? present[0]! : ''));
  const form = useForm<BulkAddInput, unknown, BulkValues>({ resolver: zodResolver(bulkCreateDevicesSchema), defaultValues: defaults() });
  const { errors } = form.formState;
  const itemType = form.watch('itemType');
  const hasSubtypes = subtypeOptions(itemType).length > 0;
  const { formError, setFormError } = useFormErrorOnOpen(form, open, defaults);
  // One key per batch as sent, so a second press after a lost answer adds nothing more.
  const sent = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (values: BulkValues) => {
    const body = JSON.stringify(values);
    if (sent.current?.body !== body) sent.current = { body, key: newIdempotencyKey() };
    return sent.current.key;
  };

  useEffect(() => {
    if (form.getValues('subtype')) form.setValue('subtype', '');
  }, [itemType]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    add.mutate(
      { values, key: keyFor(values) },
      {
        onSuccess: (devices) => {
          sent.current = null;
          onOpenChange(false);
          const where = devices[0]?.location.floor ? ` on ${floorText(devices[0].location.floor).toLowerCase()}` : '';
          toast({
            title: 'Devices Added',
            description: `${plural(devices.length, 'device', 'devices')} of ${itemLabel(values.itemType)}${where}, each with its own tag. Print their labels from the Devices list.`,
          });
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, form.setError, BULK_FORM_FIELDS)) setFormError(serverMessage(error, 'Failed to add the devices. Please try again.'));
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !add.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl" dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Add several devices</DialogTitle>
          <DialogDescription>Units alike, such as 8 dry chemical 5 lb extinguishers on floor 3. Each gets its own tag; add serial numbers on each device later.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-6">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <fieldset className="space-y-4">
            <legend className="mb-2 text-sm font-semibold">What they are</legend>
            <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
              <FormField label="How many" error={errors.count?.message} hint="1 to 500.">
                {(control) => <Input {...control} type="number" inputMode="numeric" min={1} max={500} step={1} {...form.register('count')} />}
              </FormField>
              <FormField label="Safety item" error={errors.itemType?.message}>
                {(control) => (
                  <Select {...control} {...form.register('itemType')}>
                    <ItemTypeOptions present={present} />
                  </Select>
                )}
              </FormField>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {hasSubtypes ? (
                <FormField label="Subtype (optional)" error={errors.subtype?.message} hint="Its own kind sets which tests apply and how often.">
                  {(control) => (
                    <Select {...control} {...form.register('subtype')}>
                      <SubtypeOptions itemType={itemType} />
                    </Select>
                  )}
                </FormField>
              ) : null}
              <FormField label="Size or rating (optional)" error={errors.rating?.message}>
                {(control) => <Input {...control} maxLength={50} placeholder="For example: 5 lb, 2-A:10-B:C" {...form.register('rating')} />}
              </FormField>
            </div>
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="mb-2 text-sm font-semibold">Where they are</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Building (optional)" error={errors.location?.building?.message}>
                {(control) => <Input {...control} maxLength={100} autoComplete="off" {...form.register('location.building')} />}
              </FormField>
              <FormField label="Floor (optional)" error={errors.location?.floor?.message}>
                {(control) => <Input {...control} maxLength={50} autoComplete="off" placeholder="For example: 3, Basement" {...form.register('location.floor')} />}
              </FormField>
              <FormField label="Room (optional)" error={errors.location?.room?.message}>
                {(control) => <Input {...control} maxLength={100} autoComplete="off" {...form.register('location.room')} />}
              </FormField>
              <FormField label="Location description (optional)" error={errors.location?.description?.message}>
                {(control) => <Input {...control} maxLength={200} autoComplete="off" placeholder="For example: corridor, by each stair door" {...form.register('location.description')} />}
              </FormField>
            </div>
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="mb-2 text-sm font-semibold">The units</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Manufacturer (optional)" error={errors.manufacturer?.message}>
                {(control) => <Input {...control} maxLength={100} {...form.register('manufacturer')} />}
              </FormField>
              <FormField label="Model (optional)" error={errors.model?.message}>
                {(control) => <Input {...control} maxLength={100} {...form.register('model')} />}
              </FormField>
              <FormField
                label="Month of manufacture (optional)"
                error={errors.manufacturedOn?.message}
                hint="When all were made the same month, as their labels give it. Tests counted from manufacture are not known without it."
              >
                {(control) => <Input {...control} type="month" max={today.slice(0, 7)} placeholder="YYYY-MM" {...form.register('manufacturedOn')} />}
              </FormField>
              <FormField label="Installation date (optional)" error={errors.installedOn?.message}>
                {(control) => <Input {...control} type="date" max={today} {...form.register('installedOn')} />}
              </FormField>
            </div>
            <FormField label="Notes (optional)" error={errors.notes?.message}>
              {(control) => <Textarea {...control} rows={2} maxLength={2000} {...form.register('notes')} />}
            </FormField>
          </fieldset>
          <FormDialogFooter pending={add.isPending}>Add Devices</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}


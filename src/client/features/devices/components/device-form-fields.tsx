import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { InspectionType } from '@shared/enums';
import type { CreateDeviceInput } from '@shared/schemas/device';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ItemTypeOptions, SubtypeOptions } from './device-choice-options';
import { itemLabel, subtypeOptions } from './device-text';

/** Every field the server may name in its answer, as the form's paths spell them. */
export const DEVICE_FORM_FIELDS = [
  'itemType',
  'subtype',
  'rating',
  'location.building',
  'location.floor',
  'location.room',
  'location.description',
  'tag',
  'serialNumber',
  'manufacturer',
  'model',
  'manufacturedOn',
  'installedOn',
  'notes',
] as const;

/** The form's values: every text field a string, as the inputs hold them. */
export type DeviceFormValues = CreateDeviceInput;

export const emptyDeviceForm = (itemType: InspectionType | '' = ''): DeviceFormValues => ({
  itemType: itemType as InspectionType,
  subtype: '',
  rating: '',
  location: { building: '', floor: '', room: '', description: '' },
  tag: '',
  serialNumber: '',
  manufacturer: '',
  model: '',
  manufacturedOn: '',
  installedOn: '',
  notes: '',
});

interface DeviceFormFieldsProps {
  register: UseFormRegister<DeviceFormValues>;
  errors: FieldErrors<DeviceFormValues>;
  /** The item chosen: its subtype question gives the subtype's choices. */
  itemType: InspectionType | '';
  /** The property's safety items, offered first. */
  present: readonly InspectionType[];
  /** Editing: the item is shown, not offered (the device's schedule and history belong to it). */
  itemFixed?: boolean;
  today: string;
  editing?: boolean;
}

/** The facts of one device, shared by Add device and Edit device. */
export function DeviceFormFields({ register, errors, itemType, present, itemFixed = false, today, editing = false }: DeviceFormFieldsProps) {
  const hasSubtypes = subtypeOptions(itemType).length > 0;
  return (
    <>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-sm font-semibold">What it is</legend>
        {itemFixed && itemType ? (
          // A device stays with its safety item: its schedule and history belong to it.
          <p className="text-sm">
            <span className="font-medium">Safety item:</span> {itemLabel(itemType)}
          </p>
        ) : (
          <FormField label="Safety item" error={errors.itemType?.message}>
            {(control) => (
              <Select {...control} {...register('itemType')}>
                <ItemTypeOptions present={present} />
              </Select>
            )}
          </FormField>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {hasSubtypes ? (
            <FormField label="Subtype (optional)" error={errors.subtype?.message} hint="Its own kind sets which tests apply and how often.">
              {(control) => (
                <Select {...control} {...register('subtype')}>
                  <SubtypeOptions itemType={itemType} />
                </Select>
              )}
            </FormField>
          ) : null}
          <FormField label="Size or rating (optional)" error={errors.rating?.message}>
            {(control) => <Input {...control} maxLength={50} placeholder="For example: 5 lb, 2-A:10-B:C" {...register('rating')} />}
          </FormField>
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 text-sm font-semibold">Where it is</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Building (optional)" error={errors.location?.building?.message}>
            {(control) => <Input {...control} maxLength={100} autoComplete="off" {...register('location.building')} />}
          </FormField>
          <FormField label="Floor (optional)" error={errors.location?.floor?.message}>
            {(control) => <Input {...control} maxLength={50} autoComplete="off" placeholder="For example: 3, Basement" {...register('location.floor')} />}
          </FormField>
          <FormField label="Room (optional)" error={errors.location?.room?.message}>
            {(control) => <Input {...control} maxLength={100} autoComplete="off" {...register('location.room')} />}
          </FormField>
          <FormField label="Location description (optional)" error={errors.location?.description?.message}>
            {(control) => <Input {...control} maxLength={200} autoComplete="off" placeholder="For example: by stair B door" {...register('location.description')} />}
          </FormField>
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 text-sm font-semibold">Tag and unit</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={editing ? 'Tag' : 'Tag (optional)'}
            error={errors.tag?.message}
            hint={editing ? 'Letters, digits and dashes. Change it only if the label on the unit changes.' : 'Leave empty to have one made. Letters, digits and dashes.'}
          >
            {(control) => <Input {...control} maxLength={20} autoComplete="off" autoCapitalize="characters" spellCheck={false} className="font-mono uppercase" {...register('tag')} />}
          </FormField>
          <FormField label="Serial number (optional)" error={errors.serialNumber?.message}>
            {(control) => <Input {...control} maxLength={100} autoComplete="off" spellCheck={false} {...register('serialNumber')} />}
          </FormField>
          <FormField label="Manufacturer (optional)" error={errors.manufacturer?.message}>
            {(control) => <Input {...control} maxLength={100} {...register('manufacturer')} />}
          </FormField>
          <FormField label="Model (optional)" error={errors.model?.message}>
            {(control) => <Input {...control} maxLength={100} {...register('model')} />}
          </FormField>
          <FormField
            label="Month of manufacture (optional)"
            error={errors.manufacturedOn?.message}
            hint="As the label gives it, YYYY-MM. Tests counted from manufacture are not known without it."
          >
            {(control) => <Input {...control} type="month" max={today.slice(0, 7)} placeholder="YYYY-MM" {...register('manufacturedOn')} />}
          </FormField>
          <FormField label="Installation date (optional)" error={errors.installedOn?.message}>
            {(control) => <Input {...control} type="date" max={today} {...register('installedOn')} />}
          </FormField>
        </div>
        <FormField label="Notes (optional)" error={errors.notes?.message}>
          {(control) => <Textarea {...control} rows={2} maxLength={2000} {...register('notes')} />}
        </FormField>
      </fieldset>
    </>
  );
}

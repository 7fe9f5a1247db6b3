import { useEffect } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRIES, COUNTRY_LABELS, humanize, PROPERTY_TYPES } from '@shared/enums';
import { propertySchema, type PropertyInput, type PropertyValues } from '@shared/schemas/property';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';

export const PROPERTY_FORM_FIELDS = [
  'name',
  'propertyType',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zip',
  'country',
  'managerEmail',
] as const;

const EMPTY: PropertyInput = {
  name: '',
  propertyType: 'commercial',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zip: '',
  country: 'us',
  managerEmail: '',
};

interface PropertyFormProps {
  defaultValues?: Partial<PropertyInput>;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onSubmit: (values: PropertyValues, setError: UseFormSetError<PropertyInput>) => void;
  onCancel: () => void;
  /** Told when the form starts or stops holding edits, for a page that asks before it is left. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** SPEC 5, "Property form": the shared schema's messages, checked on submit, then on change. */
export function PropertyForm({ defaultValues, submitLabel, pendingLabel, isPending, onSubmit, onCancel, onDirtyChange }: PropertyFormProps) {
  const form = useForm<PropertyInput, unknown, PropertyValues>({
    resolver: zodResolver(propertySchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { ...EMPTY, ...defaultValues, addressLine2: defaultValues?.addressLine2 ?? '' },
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((values) => onSubmit(values, form.setError));
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Property name" error={errors.name?.message} className="sm:col-span-2">
          {(control) => <Input {...control} autoComplete="off" maxLength={200} {...form.register('name')} />}
        </FormField>
        <FormField label="Property type" error={errors.propertyType?.message}>
          {(control) => (
            <Select {...control} {...form.register('propertyType')}>
              {PROPERTY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {humanize(type)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Manager email" error={errors.managerEmail?.message}>
          {(control) => (
            <Input {...control} type="email" inputMode="email" autoComplete="off" maxLength={254} {...form.register('managerEmail')} />
          )}
        </FormField>
        <FormField label="Address line 1" error={errors.addressLine1?.message} className="sm:col-span-2">
          {(control) => <Input {...control} autoComplete="off" maxLength={200} {...form.register('addressLine1')} />}
        </FormField>
        <FormField label="Address line 2 (optional)" error={errors.addressLine2?.message} className="sm:col-span-2">
          {(control) => <Input {...control} autoComplete="off" maxLength={200} {...form.register('addressLine2')} />}
        </FormField>
        <FormField label="City" error={errors.city?.message}>
          {(control) => <Input {...control} autoComplete="off" maxLength={100} {...form.register('city')} />}
        </FormField>
        <FormField label="State / Province" error={errors.state?.message} hint="Its two-letter code or its name, e.g. MA or Massachusetts.">
          {(control) => <Input {...control} autoComplete="off" maxLength={100} {...form.register('state')} />}
        </FormField>
        <FormField label="ZIP / Postal code" error={errors.zip?.message}>
          {(control) => <Input {...control} autoComplete="off" maxLength={20} {...form.register('zip')} />}
        </FormField>
        <FormField label="Country" error={errors.country?.message}>
          {(control) => (
            <Select {...control} {...form.register('country')}>
              {COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {COUNTRY_LABELS[country]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? (
            <>
              <Spinner /> {pendingLabel}
            </>
          ) : (
            submitLabel
          )}
        </Button>
      </div>
    </form>
  );
}

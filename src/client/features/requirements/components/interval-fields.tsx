import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { INTERVAL_UNITS } from '@shared/intervals';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';

const UNIT_LABELS: Record<(typeof INTERVAL_UNITS)[number], string> = { days: 'Days', weeks: 'Weeks', months: 'Months', years: 'Years' };

interface IntervalFieldsProps {
  // The two fields are the same in every form that has them.
  register: UseFormRegister<{ intervalCount?: unknown; intervalUnit?: unknown }>;
  errors: FieldErrors<{ intervalCount?: unknown; intervalUnit?: unknown }>;
}

/** "Every [n] [unit]": how often a requirement is due. */
export function IntervalFields({ register, errors }: IntervalFieldsProps) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <FormField label="Every" error={errors.intervalCount?.message as string | undefined}>
        {(control) => <Input {...control} type="number" inputMode="numeric" min={1} step={1} {...register('intervalCount')} />}
      </FormField>
      <FormField label="Unit" error={errors.intervalUnit?.message as string | undefined}>
        {(control) => (
          <Select {...control} {...register('intervalUnit')}>
            {INTERVAL_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {UNIT_LABELS[unit]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </div>
  );
}

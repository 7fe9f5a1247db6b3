import type { ComponentProps } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatCardNumber, formatCvc, formatExpiry } from './card-input-format';
import type { CardFormValues } from './card-form-schema';

interface CardInputProps extends Pick<ComponentProps<'input'>, 'autoComplete' | 'placeholder' | 'className'> {
  form: UseFormReturn<CardFormValues>;
  name: keyof CardFormValues;
  label: string;
  /** Rewrites what was typed (the new text, and the text before it) into the field's format. */
  format: (value: string, previous: string) => string;
  busy?: boolean;
}

function CardInput({ form, name, label, format, busy, ...inputProps }: CardInputProps) {
  return (
    <FormField label={label} error={form.formState.errors[name]?.message}>
      {(control) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <Input
              {...control}
              {...inputProps}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(format(e.target.value, field.value))}
              readOnly={busy}
              inputMode="numeric"
            />
          )}
        />
      )}
    </FormField>
  );
}

/**
 * Card number, expiry and security code, shared by the payment form and the add-card panel.
 * Each keeps to digits and spaces itself as typed; the number pad opens on phones and the
 * browser may fill them from a saved card. While a card is being sent they are read-only
 * rather than disabled, so focus can stay on them and move to one the provider rejects.
 */
export function CardFields({ form, busy }: { form: UseFormReturn<CardFormValues>; busy?: boolean }) {
  return (
    <div className="space-y-4">
      <CardInput
        form={form}
        busy={busy}
        name="number"
        label="Card number"
        format={formatCardNumber}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        className="font-mono tracking-wide"
      />
      <div className="grid grid-cols-2 gap-4">
        <CardInput
          form={form}
          busy={busy}
          name="expiry"
          label="Expiry (MM / YY)"
          format={formatExpiry}
          autoComplete="cc-exp"
          placeholder="MM / YY"
          className="font-mono"
        />
        <CardInput
          form={form}
          busy={busy}
          name="cvc"
          label="CVC"
          format={formatCvc}
          autoComplete="cc-csc"
          placeholder="123"
          className="font-mono"
        />
      </div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A dialog's form starts afresh each time the dialog opens: its fields from `defaults()` and
 * no form-wide error. Only on opening, so a refetch while someone types wipes nothing.
 */
export function useFormErrorOnOpen<T extends FieldValues>(form: UseFormReturn<T>, open: boolean, defaults: () => DefaultValues<T>) {
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      form.reset(defaults());
      setFormError(null);
    }
  }, [open]);
  return { formError, setFormError };
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { cardFieldErrors } from '../api/card-errors';
import { cardFormSchema, EMPTY_CARD, type CardFormValues } from './card-form-schema';

/** The card form's state, and a way to put the provider's complaints on its fields. */
export function useCardForm() {
  const form = useForm<CardFormValues>({
    resolver: zodResolver(cardFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_CARD,
  });

  const showServerErrors = (error: unknown) => {
    const fields = cardFieldErrors(error);
    let first = true;
    for (const [field, message] of Object.entries(fields) as [keyof CardFormValues, string][]) {
      // Focus goes to the first field to fix, as it does for the form's own checks.
      form.setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  };

  return { form, showServerErrors };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { toast } from '@/components/ui/use-toast';
import { PAYMENT_METHODS_KEY, type CardDetails, type ClientSecret, type PaymentMethod } from './billing-types';
import { toastCardError } from './card-errors';
import { cardLabel } from '../components/card-labels';

/** Asks the provider for a setup intent, which the add-card form confirms. */
export function useCreateSetupIntent() {
  return useMutation({
    mutationFn: () => api.post<ClientSecret>('/api/stripe/create-setup-intent', {}),
  });
}

/** Saves a card without paying; the provider makes it the default. */
export function useConfirmSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { clientSecret: string; card: CardDetails }) =>
      api.post<{ paymentMethod: Omit<PaymentMethod, 'isDefault'> }>('/api/billing/test/confirm-setup', body),
    retry: false,
    onSuccess: ({ paymentMethod }) => {
      void queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });
      toast({ title: 'Payment Method Added', description: `${cardLabel(paymentMethod.card)} is now your default card.` });
    },
    onError: toastCardError,
  });
}

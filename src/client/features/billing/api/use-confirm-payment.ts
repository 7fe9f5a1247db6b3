import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dismissToast } from '@/components/ui/use-toast';
import type { ConfirmedPayment } from '@shared/schemas/billing';
import type { CardDetails } from './billing-types';
import { refreshAfterPlanChange } from './refresh-after-plan-change';
import { toastCardError } from './card-errors';

/** A payment taken, or (during the trial) a card saved for the trial's end. */

/** Pays the subscription's first invoice with a card; success makes the account Pro at once. */
export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { clientSecret: string; card: CardDetails }) =>
      api.post<ConfirmedPayment>('/api/billing/test/confirm-payment', body),
    // Never sent twice on its own: a retry after a lost answer could charge the card again.
    retry: false,
    onSuccess: () => {
      // An earlier attempt's "Payment Failed" must not follow the person onto the receipt.
      dismissToast();
      // Not awaited: the form says "paid" at once while the page catches up.
      void refreshAfterPlanChange(queryClient);
    },
    onError: toastCardError,
  });
}

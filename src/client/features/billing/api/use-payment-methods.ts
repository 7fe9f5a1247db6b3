import { useQuery } from '@tanstack/react-query';
import { PAYMENT_METHODS_KEY, type PaymentMethod } from './billing-types';

export function usePaymentMethods({ enabled }: { enabled: boolean }) {
  return useQuery<PaymentMethod[]>({ queryKey: PAYMENT_METHODS_KEY, enabled, staleTime: 5_000 });
}

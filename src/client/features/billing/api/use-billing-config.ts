import { useQuery } from '@tanstack/react-query';
import { BILLING_CONFIG_KEY, type BillingConfig } from './billing-types';

/** Which provider bills (chosen when the server started): it decides which card form shows. */
export function useBillingConfig() {
  return useQuery<BillingConfig>({ queryKey: BILLING_CONFIG_KEY, staleTime: Infinity, gcTime: Infinity });
}

import { useQuery } from '@tanstack/react-query';
import { INVOICES_KEY, type Invoice } from './billing-types';

/** Fetched only once the history is opened. */
export function useInvoices({ enabled }: { enabled: boolean }) {
  return useQuery<{ invoices: Invoice[] }, Error, Invoice[]>({
    queryKey: INVOICES_KEY,
    enabled,
    staleTime: 5_000,
    select: (answer) => answer.invoices,
  });
}

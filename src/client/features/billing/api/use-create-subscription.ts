import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { CreatedSubscription } from './billing-types';

export type { CreatedSubscription } from './billing-types';

/** Starts a Pro subscription that waits for its first payment; the payment form opens on it. */
export function useCreateSubscription() {
  return useMutation({
    mutationFn: () => api.post<CreatedSubscription>('/api/create-subscription', {}),
  });
}

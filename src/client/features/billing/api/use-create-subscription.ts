import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface CreatedSubscription {
  /** What the payment form confirms the first payment with. */
  clientSecret: string;
  message: string;
  details: { amount: number; currency: string };
}

/** Starts a Pro subscription that waits for its first payment; the payment form opens on it. */
export function useCreateSubscription() {
  return useMutation({
    mutationFn: () => api.post<CreatedSubscription>('/api/create-subscription', {}),
  });
}

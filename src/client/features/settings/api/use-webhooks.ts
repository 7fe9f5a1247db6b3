import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret, WebhookInput } from '@shared/schemas/webhook';
import { api } from '@/lib/api';

export const WEBHOOKS_KEY = ['/api/webhooks'] as const;
const deliveriesKey = (id: number) => [`/api/webhooks/${id}/deliveries`] as const;

export function useWebhooks() {
  return useQuery<WebhookEndpoint[]>({ queryKey: WEBHOOKS_KEY });
}

export function useWebhookDeliveries(id: number, enabled: boolean) {
  return useQuery<WebhookDelivery[]>({ queryKey: deliveriesKey(id), enabled });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookInput) => api.post<WebhookEndpointWithSecret>('/api/webhooks', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/webhooks/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: (id: number) => api.post<WebhookEndpointWithSecret>(`/api/webhooks/${id}/secret`) });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<WebhookDelivery>(`/api/webhooks/${id}/test`),
    onSettled: (_data, _error, id) => {
      void queryClient.invalidateQueries({ queryKey: deliveriesKey(id) });
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
  });
}

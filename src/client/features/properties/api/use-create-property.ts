import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@shared/api-error';
import type { Property, PropertyValues } from '@shared/schemas/property';
import { api, isApiError, serverMessage } from '@/lib/api';
import { refreshAfterPropertyChange } from '@/lib/property-queries';
import { toast } from '@/components/ui/use-toast';
import { addToLists, restoreProperties, snapshotProperties } from './property-cache';

/** Adds a property; lists show it at once as pending (SPEC 4) and drop it again on failure. */
export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PropertyValues) => api.post<Property>('/api/properties', values),
    onMutate: async (values) => {
      const snapshot = await snapshotProperties(queryClient);
      const now = new Date().toISOString();
      addToLists(queryClient, {
        ...values,
        id: Date.now(),
        userId: 0,
        addressLine2: values.addressLine2 ?? null,
        status: 'pending',
        createdAt: now,
        lastUpdated: now,
        complianceItems: [],
      });
      return { snapshot };
    },
    onError: (error, _values, context) => {
      restoreProperties(queryClient, context?.snapshot);
      const planLimit = isApiError(error) && error.body?.code === ERROR_CODES.planLimit;
      toast({
        variant: 'destructive',
        title: 'Error',
        description: planLimit ? serverMessage(error, 'Failed to add property.') : 'Failed to add property.',
      });
    },
    onSuccess: () => {
      toast({ title: 'Property Added', description: 'Property added successfully.' });
    },
    onSettled: () => {
      void refreshAfterPropertyChange(queryClient);
    },
  });
}

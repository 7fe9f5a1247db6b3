import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Property, PropertyUpdate } from '@shared/schemas/property';
import { api } from '@/lib/api';
import { propertyKey, refreshAfterPropertyChange } from './property-queries';
import { toast } from '@/components/ui/use-toast';
import { replaceInLists, restoreProperties, snapshotProperties } from './property-cache';

interface UpdateInput {
  id: number;
  values: PropertyUpdate;
}

/** Saves changes to a property; lists and its page show them at once, undone on failure. */
export function useUpdateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: UpdateInput) => api.put<Property>(`/api/properties/${id}`, values),
    onMutate: async ({ id, values }) => {
      const snapshot = await snapshotProperties(queryClient);
      // The status is derived on the server; only the edited fields change here.
      const { status: _status, ...fields } = values;
      replaceInLists(queryClient, id, (property) => ({
        ...property,
        ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
        addressLine2: 'addressLine2' in fields ? (fields.addressLine2 ?? null) : property.addressLine2,
      }));
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      restoreProperties(queryClient, context?.snapshot);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update property.' });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(propertyKey(saved.id), saved);
      toast({ title: 'Property Updated', description: 'Property updated successfully.' });
    },
    onSettled: () => {
      void refreshAfterPropertyChange(queryClient);
    },
  });
}

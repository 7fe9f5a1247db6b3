import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultCodeSet } from '@shared/code-sets';
import { propertyStatusReason } from '@shared/compliance';
import type { Property, PropertyValues } from '@shared/schemas/property';
import { api } from '@/lib/api';
import { refreshAfterPropertyChange } from './property-queries';
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
        codeSet: defaultCodeSet(values),
        status: 'pending',
        statusReason: propertyStatusReason('pending', []),
        createdAt: now,
        lastUpdated: now,
        complianceItems: [],
        openDeficiencies: 0,
        criticalDeficiencies: 0,
      });
      return { snapshot };
    },
    onError: (_error, _values, context) => {
      restoreProperties(queryClient, context?.snapshot);
      // SPEC 8: the toast keeps its own words; at the plan limit the page turns into the
      // upgrade prompt once the refreshed plan usage arrives.
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to add property.' });
    },
    onSuccess: () => {
      toast({ title: 'Property Added', description: 'Property added successfully.' });
    },
    onSettled: () => {
      void refreshAfterPropertyChange(queryClient);
    },
  });
}

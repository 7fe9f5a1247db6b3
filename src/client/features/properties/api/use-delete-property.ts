import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiChange } from '@/lib/api';
import { toastWithUndo } from '@/components/undo-toast';
import { propertyKey, refreshAfterPropertyChange } from './property-queries';
import { toast } from '@/components/ui/use-toast';
import { removeFromLists, restoreProperties, snapshotProperties } from './property-cache';

/** Deletes a property with its inspections, items and reports; lists drop it at once. */
export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiChange<{ success: boolean }>('DELETE', `/api/properties/${id}`),
    onMutate: async (id) => {
      const snapshot = await snapshotProperties(queryClient);
      removeFromLists(queryClient, id);
      return { snapshot };
    },
    onError: (_error, _id, context) => {
      restoreProperties(queryClient, context?.snapshot);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete property. Please try again.' });
    },
    onSuccess: ({ undoToken }, id) => {
      // Its page and tabs would only answer 404 now; drop them rather than refetch.
      queryClient.removeQueries({ queryKey: propertyKey(id) });
      toastWithUndo(queryClient, {
        title: 'Property Deleted',
        description: 'Property deleted successfully.',
        undoToken,
        undoneText: 'The property is back, with its inspections, schedule and reports.',
      });
    },
    onSettled: () => {
      void refreshAfterPropertyChange(queryClient);
    },
  });
}

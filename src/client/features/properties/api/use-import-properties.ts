import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterPropertyChange } from '@/lib/property-queries';
import { toast } from '@/components/ui/use-toast';

export interface ImportInput {
  filename: string;
  /** The rows as read from the file, keyed by column; the server validates them again. */
  properties: Record<string, string>[];
}

export interface ImportResult {
  importId: number;
  importedCount: number;
  message: string;
}

/** Imports all rows or none (SPEC 5); the dialog shows a failure's message itself. */
export function useImportProperties() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInput) => api.post<ImportResult>('/api/properties/bulk-import', input),
    // Never repeat an import on its own: a retry after a lost answer could import twice.
    retry: false,
    onSuccess: (result) => {
      toast({ title: 'Properties Imported', description: result.message });
      void refreshAfterPropertyChange(queryClient);
    },
  });
}

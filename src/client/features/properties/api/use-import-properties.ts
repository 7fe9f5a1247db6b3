import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterPropertyChange } from '@/lib/property-queries';

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
    // SPEC 8: the import itself shows no toast; the refreshed list is the confirmation.
    onSuccess: () => {
      void refreshAfterPropertyChange(queryClient);
    },
  });
}

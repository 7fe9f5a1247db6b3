import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportCheck, ImportResult } from '@shared/csv-import';
import { api } from '@/lib/api';
import { refreshAfterPropertyChange } from './property-queries';

export interface ImportInput {
  filename: string;
  /** The rows as read from the file, keyed by column; the server validates them again. */
  properties: Record<string, string>[];
  /** "Import them anyway": rows repeating a property the account has are imported too. */
  includeDuplicates?: boolean;
}

export type { ImportResult };

/** Which rows repeat a property the account has: asked when a file is chosen, before importing. */
export const checkImport = (input: ImportInput) => api.post<ImportCheck>('/api/properties/bulk-import/check', input);

/** Imports all rows or none (SPEC 5); the dialog shows a failure's message itself. */
export function useImportProperties() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInput) => api.post<ImportResult>('/api/properties/bulk-import', input),
    // Never repeat an import on its own: a retry after a lost answer could import twice.
    retry: false,
    // SPEC 8: the import itself shows no toast; the dialog says what was imported and skipped.
    onSuccess: () => {
      void refreshAfterPropertyChange(queryClient);
    },
  });
}

import type { HistoryImportInput, HistoryImportResult, HistoryPreview, HistoryPreviewInput } from '@shared/schemas/inspection-history';
import { api, apiCreateOnce } from '@/lib/api';

/** What each row would match and change; saves nothing. */
export const previewHistory = (input: HistoryPreviewInput) => api.post<HistoryPreview>('/api/inspection-history/preview', input);

/**
 * Records every new row or none (422 with the rows that match nothing; rows already recorded are
 * skipped). The key names the attempt: the same attempt sent again cannot record twice.
 */
export const importHistory = (input: HistoryImportInput, idempotencyKey: string) =>
  apiCreateOnce<HistoryImportResult>('/api/inspection-history/import', input, idempotencyKey);

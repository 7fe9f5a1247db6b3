import type { HistoryImportInput, HistoryImportResult, HistoryPreview, HistoryPreviewInput } from '@shared/schemas/inspection-history';
import { api } from '@/lib/api';

/** What each row would match and change; saves nothing. */
export const previewHistory = (input: HistoryPreviewInput) => api.post<HistoryPreview>('/api/inspection-history/preview', input);

/** Records every row or none (422 with the rows that match nothing). */
export const importHistory = (input: HistoryImportInput) => api.post<HistoryImportResult>('/api/inspection-history/import', input);

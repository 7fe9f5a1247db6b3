import { useQuery } from '@tanstack/react-query';
import type { Inspection, ReminderLog } from '@shared/schemas/inspection';
import { api } from '@/lib/api';
import { inspectionKey, reminderLogsKey } from './inspection-queries';

export function useInspection(id: number, enabled = true) {
  return useQuery({
    queryKey: inspectionKey(id),
    queryFn: ({ signal }) => api.get<Inspection>(`/api/inspections/${id}`, signal),
    enabled,
  });
}


export function useReminderLogs(id: number, enabled = true) {
  return useQuery({
    queryKey: reminderLogsKey(id),
    queryFn: ({ signal }) => api.get<ReminderLog[]>(`/api/inspections/${id}/reminder-logs`, signal),
    enabled,
  });
}

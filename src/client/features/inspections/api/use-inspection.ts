import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Inspection, ReminderLog } from '@shared/schemas/inspection';
import { api } from '@/lib/api';
import { inspectionKey, reminderLogsKey } from './inspection-queries';

const inspectionOptions = (id: number) =>
  queryOptions({ queryKey: inspectionKey(id), queryFn: ({ signal }) => api.get<Inspection>(`/api/inspections/${id}`, signal) });

const reminderLogsOptions = (id: number) =>
  queryOptions({ queryKey: reminderLogsKey(id), queryFn: ({ signal }) => api.get<ReminderLog[]>(`/api/inspections/${id}/reminder-logs`, signal) });

export function useInspection(id: number, enabled = true) {
  return useQuery({ ...inspectionOptions(id), enabled });
}

export function useReminderLogs(id: number, enabled = true) {
  return useQuery({ ...reminderLogsOptions(id), enabled });
}

import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Inspection, ReminderLog } from '@shared/schemas/inspection';
import { api } from '@/lib/api';
import { recordIdFromUrl } from '@/lib/record-id';
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

/**
 * Asks for what an inspection's page shows while its code is still downloading, on a first
 * load or a navigation here (routes.tsx; a reminder's e-mail links here): the inspection and its reminders, with the
 * queries the page reads, so each is asked for once. Resolves when both have answered.
 */
export function prefetchInspectionPage(client: QueryClient, idParam: string | undefined): Promise<unknown> {
  const id = recordIdFromUrl(idParam);
  if (id === undefined) return Promise.resolve();
  return Promise.all([client.prefetchQuery(inspectionOptions(id)), client.prefetchQuery(reminderLogsOptions(id))]);
}

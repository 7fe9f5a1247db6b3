import type { QueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '@/lib/query-client';
import { LAST_DONE_KEY } from './last-done-queries';

/** The screens that read what a recorded inspection changes (a next one scheduled counts on the plan), by key prefix. */
const READERS = ['/api/properties', '/api/requirements', '/api/dashboard', '/api/inspections', '/api/subscription'];

const readsHistory = (key: readonly unknown[], withGrid: boolean) => {
  const url = key[0];
  if (typeof url !== 'string' || !READERS.some((prefix) => url.startsWith(prefix))) return false;
  return withGrid || url !== LAST_DONE_KEY[0];
};

/**
 * Past inspections move last-done and next-due dates, statuses, what is due and the inspection
 * lists. The grid keeps its own rows up to date from each save's answer, so a save there does
 * not read its hundreds of rows again (`withGrid: false`); an import does.
 */
export function refreshAfterHistory(queryClient: QueryClient, { withGrid }: { withGrid: boolean }): Promise<void> {
  return refetchAfterChange(queryClient, [{ predicate: (query) => readsHistory(query.queryKey, withGrid) }]);
}

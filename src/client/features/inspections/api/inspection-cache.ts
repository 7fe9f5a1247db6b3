import type { InfiniteData, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { addDays, inspectionDisplayStatus, UPCOMING_DAYS } from '@shared/compliance';
import type { Inspection } from '@shared/schemas/inspection';
import type { ListPage } from '@/lib/api';
import { belongsInList, describeInspectionKey } from './inspection-queries';

/** Every cached inspection query, as it was before an optimistic change. */
export type InspectionsSnapshot = [QueryKey, unknown][];

const isInspectionQuery = (query: Query) => describeInspectionKey(query.queryKey) !== null;

/**
 * Stops in-flight inspection reads (they would overwrite the change) and keeps the old data.
 * A read paused for want of a network is left alone: cancelling it would put back the state it
 * began from, which, for a page opened offline before the device's copy was read in, is no data.
 */
export async function snapshotInspections(queryClient: QueryClient): Promise<InspectionsSnapshot> {
  await queryClient.cancelQueries({ predicate: (query) => isInspectionQuery(query) && query.state.fetchStatus === 'fetching' });
  return queryClient.getQueriesData({ predicate: isInspectionQuery });
}

export function restoreInspections(queryClient: QueryClient, snapshot: InspectionsSnapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

type Change =
  /** A new inspection: added to the lists it belongs in. */
  | { kind: 'add'; inspection: Inspection }
  /** Fields of an existing one change: it moves out of lists it no longer belongs in. */
  | { kind: 'update'; id: number; change: (inspection: Inspection) => Partial<Inspection> }
  | { kind: 'remove'; id: number };

type Page = ListPage<Inspection>;

const isPage = (data: unknown): data is Page =>
  !!data && typeof data === 'object' && Array.isArray((data as Page).items) && typeof (data as Page).total === 'number';
const isInfinite = (data: unknown): data is InfiniteData<Page, number> =>
  !!data && typeof data === 'object' && Array.isArray((data as InfiniteData<Page>).pages) && (data as InfiniteData<Page>).pages.every(isPage);

/**
 * Applies a change to every cached inspection list and detail at once (SPEC 4, "Optimistic
 * updates"), with the server's own membership rules, so lists update before the answer.
 */
export function applyInspectionChange(queryClient: QueryClient, change: Change, today: string): void {
  const upcomingEnd = addDays(today, UPCOMING_DAYS);
  const withStatus = (inspection: Inspection): Inspection => ({
    ...inspection,
    displayStatus: inspectionDisplayStatus(inspection, today),
  });

  for (const [key, data] of queryClient.getQueriesData({ predicate: isInspectionQuery })) {
    const info = describeInspectionKey(key);
    if (!info || data === undefined) continue;

    if (info.kind === 'one') {
      if (change.kind === 'update' && change.id === info.id) {
        const current = data as Inspection;
        queryClient.setQueryData(key, withStatus({ ...current, ...change.change(current) }));
      }
      continue;
    }

    const belongs = (inspection: Inspection) => belongsInList(inspection, info.scope, info.params, upcomingEnd);
    const pages = isInfinite(data) ? data.pages : isPage(data) ? [data] : null;
    if (!pages) continue;

    let next: Page[] = pages;
    if (change.kind === 'add') {
      if (!belongs(change.inspection)) continue;
      const [first, ...rest] = pages;
      next = [
        { items: [change.inspection, ...(first?.items ?? [])], total: (first?.total ?? 0) + 1 },
        ...rest.map((page) => ({ ...page, total: page.total + 1 })),
      ];
    } else {
      const found = pages.some((page) => page.items.some((item) => item.id === change.id));
      if (!found) continue;
      let removed = false;
      next = pages.map((page) => ({
        ...page,
        items: page.items.flatMap((item) => {
          if (item.id !== change.id) return [item];
          if (change.kind === 'remove') {
            removed = true;
            return [];
          }
          const updated = withStatus({ ...item, ...change.change(item) });
          if (belongs(updated)) return [updated];
          removed = true;
          return [];
        }),
      }));
      if (removed) next = next.map((page) => ({ ...page, total: Math.max(0, page.total - 1) }));
    }
    queryClient.setQueryData(key, isInfinite(data) ? { ...data, pages: next } : next[0]);
  }
}

import { searchMatches } from '@shared/search-fold';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Property } from '@shared/schemas/property';
import {
  isPropertyListKey,
  PROPERTIES_KEY,
  propertyKey,
  type PropertyListData,
  type PropertyListFilters,
} from './property-queries';

/** Every cached property query, as it was before an optimistic change. */
export type PropertiesSnapshot = [QueryKey, unknown][];

/** Stops in-flight property reads (they would overwrite the change) and keeps the old data. */
export async function snapshotProperties(queryClient: QueryClient): Promise<PropertiesSnapshot> {
  await queryClient.cancelQueries({ queryKey: PROPERTIES_KEY });
  return queryClient.getQueriesData({ queryKey: PROPERTIES_KEY });
}

export function restoreProperties(queryClient: QueryClient, snapshot: PropertiesSnapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

function updateLists(
  queryClient: QueryClient,
  update: (data: PropertyListData, filters: PropertyListFilters) => PropertyListData,
): void {
  const lists = queryClient.getQueriesData<PropertyListData>({
    queryKey: PROPERTIES_KEY,
    predicate: (query) => isPropertyListKey(query.queryKey),
  });
  for (const [key, data] of lists) {
    if (data?.pages.length) queryClient.setQueryData(key, update(data, (key[2] ?? {}) as PropertyListFilters));
  }
}

/** Whether a property belongs in a list with these filters, as the server decides it. */
function matchesFilters(property: Property, filters: PropertyListFilters): boolean {
  if (filters.propertyType && property.propertyType !== filters.propertyType) return false;
  if (filters.status && property.status !== filters.status) return false;
  // A list narrowed to chosen properties (an Insight link) never gains one it was not given.
  if (filters.propertyIds && !filters.propertyIds.split(',').map(Number).includes(property.id)) return false;
  const term = filters.q?.trim();
  if (!term) return true;
  // The name, or the address as the server folds it (one text, lines apart).
  return searchMatches(property.name, term) || searchMatches([property.addressLine1, property.city, property.state, property.zip].join('\n'), term);
}

export function addToLists(queryClient: QueryClient, property: Property): void {
  updateLists(queryClient, (data, filters) => {
    if (!matchesFilters(property, filters)) return data;
    const [first, ...rest] = data.pages;
    return {
      ...data,
      pages: [{ items: [property, ...first!.items], total: first!.total + 1 }, ...rest.map((p) => ({ ...p, total: p.total + 1 }))],
    };
  });
}

export function replaceInLists(queryClient: QueryClient, id: number, change: (property: Property) => Property): void {
  updateLists(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.map((p) => (p.id === id ? change(p) : p)) })),
  }));
  queryClient.setQueryData<Property>(propertyKey(id), (current) => (current ? change(current) : current));
}

export function removeFromLists(queryClient: QueryClient, id: number): void {
  updateLists(queryClient, (data) => {
    const found = data.pages.some((page) => page.items.some((p) => p.id === id));
    if (!found) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({ items: page.items.filter((p) => p.id !== id), total: Math.max(0, page.total - 1) })),
    };
  });
}

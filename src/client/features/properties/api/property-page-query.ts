import type { QueryClient } from '@tanstack/react-query';
import { propertyRequirementsOptions } from '@/features/requirements/api/use-property-requirements';
import { recordIdFromUrl } from '@/lib/record-id';
import { propertyOptions } from './use-property';

/** The property page's tabs, named in the URL (?tab=) so a link, a reload or Back lands on the same one. */
export const PROPERTY_TABS = ['overview', 'devices', 'inspections', 'deficiencies', 'reports', 'share', 'history'] as const;
export type PropertyTab = (typeof PROPERTY_TABS)[number];

export function propertyTabFromUrl(params: URLSearchParams): PropertyTab {
  const asked = params.get('tab');
  return (PROPERTY_TABS as readonly string[]).includes(asked ?? '') ? (asked as PropertyTab) : 'overview';
}

/**
 * Asks for what a property's page shows first while its code is still downloading, on a first
 * load or a navigation here (routes.tsx): the property and, on the overview tab (no `?tab=`), its compliance
 * schedule (on ?tab=devices, its devices), with the queries the page reads, so each is asked
 * for once. The other tabs ask for their own lists. Resolves when all have answered.
 */
export function prefetchPropertyPage(client: QueryClient, idParam: string | undefined, params: URLSearchParams): Promise<unknown> {
  const id = recordIdFromUrl(idParam);
  if (id === undefined) return Promise.resolve();
  const tab = propertyTabFromUrl(params);
  return Promise.all([
    client.prefetchQuery(propertyOptions(id)),
    tab === 'overview' ? client.prefetchQuery(propertyRequirementsOptions(id)) : undefined,
    tab === 'devices' ? import('@/features/devices/api/device-queries').then((m) => m.prefetchPropertyDevices(client, id, params)) : undefined,
  ]);
}

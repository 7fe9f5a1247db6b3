import { useQuery } from '@tanstack/react-query';
import type { OrganizationSummary } from '@shared/schemas/organization';
import { ORGANIZATIONS_KEY } from './organization-queries';

/** The caller's organisations with their role in each, for the switcher. */
export function useOrganizations(enabled = true) {
  return useQuery<OrganizationSummary[]>({ queryKey: ORGANIZATIONS_KEY, enabled });
}

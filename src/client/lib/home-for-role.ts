import type { Role } from '@shared/permissions';

/**
 * Where the dashboard sends a caller of this role instead of drawing itself: an inspector's home
 * is My inspections (decision 032). Read by the page and by the preloading of a page's data
 * (app/routes.tsx), so the dashboard's data is never asked for on an inspector's behalf.
 */
export function dashboardRedirectFor(role: Role | null | undefined): string | undefined {
  return role === 'inspector' ? '/my-inspections' : undefined;
}

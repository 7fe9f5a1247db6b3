import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@shared/schemas/property';
import { DASHBOARD_STATS_KEY } from '@/features/properties/api/property-queries';

export function useDashboardStats() {
  return useQuery<DashboardStats>({ queryKey: DASHBOARD_STATS_KEY });
}

import { useQuery } from '@tanstack/react-query';
import { apiGetList } from '@/lib/api';
import { propertyReportsKey } from '@/lib/property-queries';

/** A generated compliance report (SPEC 3, "reports"). */
export interface PropertyReport {
  id: number;
  propertyId: number;
  reportType: string;
  generatedDate: string;
  downloadUrl: string;
  fileName: string;
  createdAt: string;
}

const PAGE_SIZE = 100;

export function usePropertyReports(propertyId: number) {
  return useQuery({
    queryKey: propertyReportsKey(propertyId),
    queryFn: ({ signal }) => apiGetList<PropertyReport>(`/api/properties/${propertyId}/reports?limit=${PAGE_SIZE}`, signal),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report } from '@shared/schemas/report';
import { api, serverMessage } from '@/lib/api';
import { refreshAfterReportGenerated } from '@/features/reports/api/report-queries';
import { toast } from '@/components/ui/use-toast';

/** The owner turns a report's public verification link off; the lists show it revoked. */
export function useRevokeVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: Report) => api.delete<void>(`/api/reports/${report.id}/verification`),
    onSuccess: (_, report) => {
      toast({ title: 'Verification link revoked', description: `The link of report ${report.reportNumber} now says it was revoked.` });
      void refreshAfterReportGenerated(queryClient, report.propertyId);
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'The link could not be revoked. Please try again.') });
    },
  });
}

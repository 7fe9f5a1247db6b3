import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '@shared/api-error';
import type { Report } from '@shared/schemas/report';
import { api, isApiError } from '@/lib/api';
import { refetchAfterChange } from '@/lib/query-client';
import { refreshAfterReportGenerated } from '@/features/reports/api/report-queries';
import { SUBSCRIPTION_STATUS_KEY } from '@/lib/use-subscription';
import { toast } from '@/components/ui/use-toast';

export const MISSING_PROPERTY_MESSAGE = 'Property ID is required to generate a report.';

function isPremiumRequired(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.body?.code === ERROR_CODES.premiumRequired || error.message.includes(ERROR_CODES.premiumRequired);
}

/** SPEC 8, "Reports": the words of each failure; a failure that may pass offers to try again. */
function toastGenerateError(error: unknown, retry: () => void): void {
  if (isPremiumRequired(error)) {
    toast({
      variant: 'destructive',
      title: 'Premium Feature Required',
      description: 'requires an active subscription. Please upgrade to continue',
    });
  } else if (isApiError(error) && error.fieldErrors.propertyId?.length) {
    toast({ variant: 'destructive', title: 'Error', description: MISSING_PROPERTY_MESSAGE });
  } else if (isApiError(error) && error.body?.code === ERROR_CODES.reportTooLarge) {
    // SPEC's words (the server's own texts are not shown); trying again would draw the same report.
    toast({ variant: 'destructive', title: 'Error', description: 'Failed to generate report. Please try again.' });
  } else {
    toast({
      variant: 'destructive',
      title: 'Error',
      description: 'Failed to generate report. Please try again.',
      action: { label: 'Try again', altText: 'Generate the report again', onClick: retry },
    });
  }
}

/**
 * Generates a property's fire-safety PDF (Pro only). The new report is the mutation's data,
 * so the screen can offer its download at once.
 */
export function useGenerateReport() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (propertyId: number) => api.post<Report>('/api/reports', { propertyId, reportType: 'fire_safety' }),
    onSuccess: (report) => {
      toast({ title: 'Report Generated', description: 'Fire safety compliance report has been generated successfully' });
      void refreshAfterReportGenerated(queryClient, report.propertyId);
    },
    onError: (error, propertyId) => {
      toastGenerateError(error, () => mutation.mutate(propertyId));
      // The plan has ended elsewhere: the screens fall back to the upgrade prompts.
      if (isPremiumRequired(error)) void refetchAfterChange(queryClient, [{ queryKey: SUBSCRIPTION_STATUS_KEY }]);
    },
  });

  /** Generates for the property, or says which one is missing (SPEC 8) without asking the server. */
  const generate = (propertyId: number | undefined): boolean => {
    if (!propertyId) {
      toast({ variant: 'destructive', title: 'Error', description: MISSING_PROPERTY_MESSAGE });
      return false;
    }
    mutation.mutate(propertyId);
    return true;
  };

  return { ...mutation, generate };
}

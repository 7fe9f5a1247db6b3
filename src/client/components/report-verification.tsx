import { ExternalLink } from 'lucide-react';
import type { Report } from '@shared/schemas/report';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRevokeVerification } from './use-revoke-verification';

/**
 * A report's number and its public verification link, with Revoke for the owner. Reports
 * made before numbering have neither and show a dash.
 */
export function ReportVerification({ report }: { report: Report }) {
  const revoke = useRevokeVerification();
  if (!report.reportNumber || !report.verifyPath) return <span className="text-muted-foreground">-</span>;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="whitespace-nowrap font-medium">{report.reportNumber}</span>
      {report.verificationRevoked ? (
        <Badge variant="muted">Link revoked</Badge>
      ) : (
        <>
          <a
            href={report.verifyPath}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 whitespace-nowrap rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Verify page<span className="sr-only"> of report {report.reportNumber}</span>
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" className="h-7 px-2" disabled={revoke.isPending}>
                Revoke link<span className="sr-only"> of report {report.reportNumber}</span>
              </Button>
            }
            title={`Revoke the link of report ${report.reportNumber}?`}
            description="Anyone who opens its link or scans its QR code will read that you revoked it, and see nothing of the report. This cannot be undone; generate a new report to share a new link."
            confirmLabel="Revoke link"
            onConfirm={() => revoke.mutate(report)}
          />
        </>
      )}
    </div>
  );
}

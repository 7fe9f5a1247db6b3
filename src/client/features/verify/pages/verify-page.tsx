import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useParams } from 'react-router';
import { StatusBadge, StatusReason } from '@/components/status-badge';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useVerification } from '../api/use-verification';
import { PdfCheck } from '../components/pdf-check';
import { PublicCardLayout } from '@/components/public-card-layout';

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'long' }).format(new Date(iso));

/**
 * /verify/:id, public: what a report said when it was made, and a check that a PDF in hand is
 * that report. Shows only the snapshot stored for this link.
 */
export default function VerifyPage() {
  const { id = '' } = useParams();
  const verification = useVerification(id);
  useDocumentTitle('Verify a report');

  if (verification.isPending) {
    return (
      <PublicCardLayout wide title="Verify a report">
        <div className="flex justify-center py-6" role="status">
          <Spinner className="text-primary" />
          <span className="sr-only">Loading the report record...</span>
        </div>
      </PublicCardLayout>
    );
  }
  if (verification.isError) {
    if (isApiError(verification.error) && verification.error.status === 404) {
      return (
        <PublicCardLayout wide
          title="Verification link not found"
          description="No report has this link. Check that the address was typed exactly as printed on the report, or scan its QR code."
        />
      );
    }
    return (
      <PublicCardLayout wide title="Verify a report">
        <LoadError message="The report record could not be loaded. Please try again." onRetry={() => void verification.refetch()} retrying={verification.isFetching} />
      </PublicCardLayout>
    );
  }

  const record = verification.data;
  if (record.state === 'revoked') {
    return (
      <PublicCardLayout wide title="Link revoked">
        <p className="flex items-start gap-2 text-sm">
          <ShieldOff aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          <span>{record.message} Ask the owner for a current report.</span>
        </p>
      </PublicCardLayout>
    );
  }

  return (
    <PublicCardLayout wide title={`Report ${record.reportNumber}`} description="Issued by Firemark. This is what the report recorded when it was made.">
      <p className="flex items-center gap-2 text-sm font-medium text-green-800">
        <ShieldCheck aria-hidden="true" className="size-5" />
        This report number and link are genuine.
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Report number</dt>
        <dd className="font-medium">{record.reportNumber}</dd>
        <dt className="text-muted-foreground">Made</dt>
        <dd>{dateTime(record.generatedAt)}</dd>
        <dt className="text-muted-foreground">Property</dt>
        <dd className="break-words">
          {record.property.name}, {record.property.city}
        </dd>
        <dt className="text-muted-foreground">Overall status</dt>
        <dd className="space-y-1">
          <StatusBadge status={record.overallStatus} />
          {record.statusReason ? <StatusReason status={record.overallStatus} reason={record.statusReason} /> : null}
        </dd>
      </dl>
      {record.items.length > 0 ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Compliance items when the report was made</caption>
          <thead className="text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 font-semibold">Item</th>
              <th scope="col" className="py-1 font-semibold">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {record.items.map((item, i) => (
              <tr key={i}>
                <td className="py-2">
                  {item.label}
                  {item.devices ? <span className="text-muted-foreground"> ({item.devices.toLocaleString('en-US')} {item.devices === 1 ? 'device' : 'devices'})</span> : null}
                </td>
                <td className="py-2">
                  <StatusBadge status={item.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="space-y-1">
        <p className="text-sm font-medium">SHA-256 of the PDF as issued</p>
        <p className="break-all rounded bg-muted p-2 font-mono text-xs" data-testid="report-sha256">
          {record.sha256}
        </p>
      </div>
      <PdfCheck expectedSha256={record.sha256} />
    </PublicCardLayout>
  );
}

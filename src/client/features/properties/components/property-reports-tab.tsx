import { Download, FileText } from 'lucide-react';
import { formatDisplayDate } from '@shared/dates';
import { humanize } from '@shared/enums';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { usePropertyReports, type PropertyReport } from '../api/use-property-reports';

function DownloadLink({ report }: { report: PropertyReport }) {
  return (
    <a
      href={report.downloadUrl}
      download={report.fileName}
      className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
    >
      <Download aria-hidden="true" className="size-4" />
      Download<span className="sr-only"> {report.fileName}</span>
    </a>
  );
}

/** SPEC 2, "Property details", Reports tab. */
export function PropertyReportsTab({ propertyId }: { propertyId: number }) {
  const reports = usePropertyReports(propertyId);

  if (reports.isPending) return <LoadingState message="Loading reports..." />;
  if (reports.isError) {
    return (
      <LoadError
        message="Failed to load reports. Please try again."
        onRetry={() => void reports.refetch()}
        retrying={reports.isFetching}
      />
    );
  }

  const { items } = reports.data;
  if (items.length === 0) {
    return (
      <EmptyState icon={FileText} title="No reports generated yet.">
        Compliance reports you generate for this property will be listed here to download.
      </EmptyState>
    );
  }

  return (
    <>
      <Card className="hidden overflow-hidden md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Reports of this property</caption>
          <thead className="border-b bg-muted text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">File Name</th>
              <th scope="col" className="px-4 py-3 font-semibold">Generated</th>
              <th scope="col" className="px-4 py-3 font-semibold">Type</th>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Download</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {items.map((report) => (
              <tr key={report.id}>
                <td className="break-all px-4 py-3 font-medium">{report.fileName}</td>
                <td className="whitespace-nowrap px-4 py-3">{formatDisplayDate(report.generatedDate)}</td>
                <td className="px-4 py-3">{humanize(report.reportType)}</td>
                <td className="px-4 py-3 text-right">
                  <DownloadLink report={report} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="space-y-3 md:hidden" aria-label="Reports of this property">
        {items.map((report) => (
          <li key={report.id}>
            <Card className="space-y-2 p-4 text-sm">
              <p className="break-all font-medium">{report.fileName}</p>
              <p className="text-muted-foreground">
                {humanize(report.reportType)} · Generated {formatDisplayDate(report.generatedDate)}
              </p>
              <DownloadLink report={report} />
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format-date';
import { humanize } from '@shared/enums';
import type { Report } from '@shared/schemas/report';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { ReportVerification } from './report-verification';

interface ReportListProps {
  items: Report[];
  /** Names the table and the list for screen readers. */
  label: string;
  /** The cross-property list names each report's property; a property's own tab does not. */
  showProperty?: boolean;
  /** Dims the rows while new filters are being fetched. */
  stale?: boolean;
}

const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function PropertyLink({ report }: { report: Report }) {
  return (
    <Link to={`/properties/${report.property.id}`} className={cn(linkClass, 'break-words')}>
      {report.property.name}
    </Link>
  );
}

/**
 * Reports as a table on wide screens (file name, property, generated, type, number and
 * verification link, download) and
 * cards on phones (under 768 px); used by the Reports page and a property's Reports tab.
 */
export function ReportList({ items, label, showProperty = true, stale }: ReportListProps) {
  return (
    <div className={cn('transition-opacity', stale && 'opacity-60')} aria-busy={stale || undefined}>
      <Card className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="border-b bg-muted text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">File Name</th>
              {showProperty ? (
                <th scope="col" className="px-4 py-3 font-semibold">
                  Property
                </th>
              ) : null}
              <th scope="col" className="px-4 py-3 font-semibold">Generated</th>
              <th scope="col" className="px-4 py-3 font-semibold">Type</th>
              <th scope="col" className="px-4 py-3 font-semibold">Report no.</th>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Download</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {items.map((report) => (
              <tr key={report.id}>
                <td className="break-all px-4 py-3 font-medium">{report.fileName}</td>
                {showProperty ? (
                  <td className="max-w-56 px-4 py-3">
                    <PropertyLink report={report} />
                  </td>
                ) : null}
                <td className="whitespace-nowrap px-4 py-3">{formatDateTime(report.generatedDate)}</td>
                <td className="px-4 py-3">
                  <Badge variant="secondary">{humanize(report.reportType)}</Badge>
                </td>
                <td className="px-4 py-3">
                  <ReportVerification report={report} />
                </td>
                <td className="px-4 py-3 text-right">
                  <a href={report.downloadUrl} download={report.fileName} className={cn(linkClass, 'inline-flex items-center gap-1.5 whitespace-nowrap')}>
                    <Download aria-hidden="true" className="size-4" />
                    Download<span className="sr-only"> {report.fileName}</span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <ul className="space-y-3 md:hidden" aria-label={label}>
        {items.map((report) => (
          <li key={report.id}>
            <Card className="space-y-3 p-4 text-sm">
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 text-base">
                  {showProperty ? <PropertyLink report={report} /> : <span className="break-all font-medium">{report.fileName}</span>}
                </p>
                <Badge variant="secondary" className="shrink-0">
                  {humanize(report.reportType)}
                </Badge>
              </div>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                {showProperty ? (
                  <>
                    <dt className="text-muted-foreground">File</dt>
                    <dd className="break-all">{report.fileName}</dd>
                  </>
                ) : null}
                <dt className="text-muted-foreground">Generated</dt>
                <dd>{formatDateTime(report.generatedDate)}</dd>
                <dt className="text-muted-foreground">Report no.</dt>
                <dd>
                  <ReportVerification report={report} />
                </dd>
              </dl>
              <Button asChild variant="outline" size="sm" className="w-full">
                <a href={report.downloadUrl} download={report.fileName}>
                  <Download aria-hidden="true" />
                  Download PDF<span className="sr-only"> {report.fileName}</span>
                </a>
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

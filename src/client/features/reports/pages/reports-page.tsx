import { useId } from 'react';
import { usePropertyOptions } from '@/features/properties/api/use-property-options';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePermissions } from '@/lib/use-permissions';
import { useSubscription } from '@/lib/use-subscription';
import { PageHeader } from '@/components/page-header';
import { UpgradePrompt } from '@/components/upgrade-prompt';
import { Skeleton } from '@/components/ui/skeleton';
import { useReportList } from '../api/use-report-list';
import { GenerateReportPanel } from '../components/generate-report-panel';
import { ReportFilters } from '../components/report-filters';
import { ReportResults } from '../components/report-results';
import { useReportUrlState } from '../components/use-report-url-state';

/**
 * SPEC 2, "Reports": generate a property's PDF (Pro), and every report across properties with
 * search, a property filter and sort. Reports made while on Pro stay listed after it ends.
 */
export default function ReportsPage() {
  useDocumentTitle('Reports');
  const listTitleId = useId();
  const subscription = useSubscription();
  const canCreate = usePermissions().can('reports.create');
  const url = useReportUrlState();
  const properties = usePropertyOptions();
  const list = useReportList({ q: url.q || undefined, propertyId: url.propertyId, sort: url.sort });
  const filteredName = list.items.find((report) => report.propertyId === url.propertyId)?.property.name;

  return (
    <>
      <PageHeader title="Reports" description="Fire-safety compliance reports of your properties, ready to download as PDF." />

      <div className="space-y-8">
        {!canCreate ? null : subscription.isLoading ? (
          <Skeleton className="h-44 w-full rounded-xl" />
        ) : subscription.isPremium ? (
          <GenerateReportPanel properties={properties} />
        ) : (
          <UpgradePrompt
            variant="inline"
            feature="PDF Reports"
            description="Generate a professional fire-safety compliance PDF for any property, ready for inspectors, insurers and owners."
          />
        )}

        <section aria-labelledby={listTitleId} className="space-y-4">
          <h2 id={listTitleId} className="text-lg font-semibold tracking-tight">
            All Reports
          </h2>
          <ReportFilters
            q={url.q}
            propertyId={url.propertyId}
            sort={url.sort}
            choices={properties.options}
            propertyName={filteredName}
            choicesLoading={properties.isPending}
            onSearch={url.setSearch}
            onProperty={url.setPropertyId}
            onSort={url.setSort}
          />
          <ReportResults
            list={list}
            filtered={url.filtered}
            canGenerate={subscription.isPremium}
            onClearFilters={url.clearFilters}
          />
        </section>
      </div>
    </>
  );
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SM_UP, useMediaQuery } from '@/lib/use-media-query';
import { useUrlParams } from '@/lib/use-url-params';
import { chosenPropertyIds } from '../api/insight-queries';
import { AttentionFigure } from '../components/attention-figure';
import { ComplianceTrendFigure } from '../components/compliance-trend-figure';
import { DeficiencyAgeFigure } from '../components/deficiency-age-figure';
import { MonthlySummaryDownload } from '../components/monthly-summary-download';
import { OnTimeFigure } from '../components/on-time-figure';
import { PropertyChooser } from '../components/property-chooser';
import { WorkloadFigure } from '../components/workload-figure';

/**
 * Issue 36: where the risk is and whether it is getting better, for every property the member
 * may see or a chosen set. Each figure is its own call, drawn as it arrives, with its numbers
 * as a table and a CSV. Recharts is imported only from here, so only this page's chunk has it.
 */
export default function InsightPage() {
  useDocumentTitle('Insight');
  const { params, update } = useUrlParams();
  const propertyIds = chosenPropertyIds(params);
  // Fewer axis ticks and smaller labels where the charts are narrow.
  const compact = !useMediaQuery(SM_UP);
  useScrollToFigure();

  return (
    <>
      <PageHeader
        title="Insight"
        description="Whether your properties are getting safer, and where the risk is."
        actions={<PropertyChooser chosen={propertyIds} onChange={(ids) => update({ propertyIds: ids?.join(',') })} />}
      />
      <div className="space-y-6">
        <ComplianceTrendFigure propertyIds={propertyIds} compact={compact} />
        <OnTimeFigure propertyIds={propertyIds} compact={compact} />
        <DeficiencyAgeFigure propertyIds={propertyIds} />
        <WorkloadFigure propertyIds={propertyIds} compact={compact} />
        <AttentionFigure propertyIds={propertyIds} />
        <MonthlySummaryDownload />
      </div>
    </>
  );
}

/** A link from the dashboard names a figure (/insight#on-time): it is scrolled to once drawn. */
function useScrollToFigure() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    // After the shell's scroll to the top of a new page, which runs after this page's effects.
    const frame = requestAnimationFrame(() => document.getElementById(hash.slice(1))?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}

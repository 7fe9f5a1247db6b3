import type { ReactNode } from 'react';
import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date';
import { retestRule } from '@shared/retest-after-correction';
import type { Inspection } from '@shared/schemas/inspection';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

const retestStatusText: Record<Inspection['status'], string> = {
  scheduled: 'scheduled',
  in_progress: 'in progress',
  completed: 'done',
  cancelled: 'cancelled',
};

/**
 * What an inspection has to do with a re-test after a repair (src/shared/retest-after-correction.ts):
 * a re-test names the failure it re-tests and why; a failure names its re-test. `Term` is the
 * page's description-list entry, so both read like the details around them.
 */
export function RetestDetails({ inspection, Term }: { inspection: Inspection; Term: (props: { term: string; wide?: boolean; children: ReactNode }) => ReactNode }) {
  const rule = inspection.retestOf ? retestRule(inspection.inspectionType, inspection.retestOf.codeSet) : null;
  return (
    <>
      {inspection.retestOf ? (
        <Term term="Re-test of" wide>
          <span className="inline-flex items-center gap-1">
            <RotateCcw className="size-4 shrink-0" aria-hidden="true" />
            <Link to={`/inspections/${inspection.retestOf.id}`} className={linkClass}>
              {inspection.retestOf.performedOn ? `The inspection of ${formatDate(inspection.retestOf.performedOn)}` : 'The failed inspection'}
            </Link>
          </span>
          <span className="mt-1 block text-xs text-muted-foreground">
            Scheduled when what it found was corrected{rule ? `: ${rule.source} asks that ${rule.asks}` : ''}. The item stays Action Needed until this re-test passes.
          </span>
        </Term>
      ) : null}
      {inspection.retest ? (
        <Term term="Re-test" wide>
          <Link to={`/inspections/${inspection.retest.id}`} className={linkClass}>
            Re-test {retestStatusText[inspection.retest.status]}, due {formatDate(inspection.retest.dueDate)}
          </Link>
          {inspection.retest.status === 'scheduled' || inspection.retest.status === 'in_progress' ? (
            <span className="mt-1 block text-xs text-muted-foreground">Every deficiency is corrected; the item stays Action Needed until the re-test passes.</span>
          ) : null}
        </Term>
      ) : null}
    </>
  );
}

/** A list row's line under its type: "Re-test of the inspection of Mar 1, 2027". */
export function RetestNote({ inspection }: { inspection: Inspection }) {
  if (!inspection.retestOf) return null;
  return (
    <span className="mt-1 flex items-center gap-1 text-xs font-medium">
      <RotateCcw className="size-3 shrink-0" aria-hidden="true" />
      {inspection.retestOf.performedOn ? `Re-test of the inspection of ${formatDate(inspection.retestOf.performedOn)}` : 'Re-test after a repair'}
    </span>
  );
}

import { OctagonAlert } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { useDeficiencySummary } from '../api/record-queries';

/** The dashboard's small count of deficiencies not corrected yet, the critical ones marked. */
export function OpenDeficienciesStat() {
  const { data } = useDeficiencySummary();
  if (!data) return null;
  const critical = data.criticalCount > 0;
  return (
    <p
      role="status"
      aria-label={`Open deficiencies: ${data.openCount}, of which ${data.criticalCount} critical`}
      className={cn('flex flex-wrap items-center gap-2 rounded-lg border px-4 py-3 text-sm', critical && 'border-red-200 bg-red-50 text-red-800')}
    >
      <OctagonAlert aria-hidden="true" className={cn('size-4', critical ? 'text-red-700' : 'text-muted-foreground')} />
      <span>
        <span className="font-semibold">{data.openCount}</span> open {data.openCount === 1 ? 'deficiency' : 'deficiencies'}
      </span>
      {critical ? <span className="font-semibold">· {data.criticalCount} critical</span> : null}
      {/* Every property's open deficiencies, oldest first (issue 36): the sidebar holds the main sections only. */}
      {data.openCount > 0 ? (
        <Link to="/deficiencies" className="ml-auto font-medium underline underline-offset-2">
          See all open deficiencies
        </Link>
      ) : null}
    </p>
  );
}

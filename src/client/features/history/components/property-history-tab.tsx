import { History } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { LoadingState } from '@/components/ui/spinner';
import { usePropertyHistory } from '../api/history-queries';
import { HistoryList } from './history-list';

/** The property page's History tab (issue 31): every change to the property and what hangs on it, newest first. */
export function PropertyHistoryTab({ propertyId }: { propertyId: number }) {
  const history = usePropertyHistory(propertyId);

  if (history.isPending) return <LoadingState message="Loading history..." />;
  if (history.isError && !history.data) {
    return <LoadError message="Failed to load the history. Please try again." onRetry={() => void history.refetch()} retrying={history.isFetching} />;
  }
  if (history.events.length === 0) {
    return (
      <EmptyState icon={History} title="No changes recorded yet.">
        Every change to this property, its requirements, inspections, deficiencies, photos and reports will be listed here: who made it, when, and what it was before.
      </EmptyState>
    );
  }
  return <HistoryList history={history} label="Changes to this property, newest first" showProperty={false} />;
}

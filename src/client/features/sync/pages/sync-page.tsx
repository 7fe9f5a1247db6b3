import { CheckCircle2 } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useOutboxSummary } from '@/offline/outbox';
import { ChangeCard } from '../components/change-card';

/**
 * /sync (issue 33): what this device still holds for the server. Changes that need the person
 * come first (a conflict to choose, a refusal to read, a change to a deleted record), then those
 * waiting to be sent, in the order they were recorded.
 */
export default function SyncPage() {
  useDocumentTitle('Sync');
  const { changes, waiting, lastSyncAt, loaded } = useOutboxSummary();
  const attention = changes.filter((c) => c.state !== 'waiting');
  const pending = changes.filter((c) => c.state === 'waiting');

  return (
    <>
      <PageHeader
        title="Sync"
        description={
          lastSyncAt
            ? `Changes recorded on this device are sent to the server in the order they were made. Last synced ${formatDateTime(lastSyncAt)}.`
            : 'Changes recorded on this device are sent to the server in the order they were made.'
        }
      />
      {!loaded ? (
        <LoadingState />
      ) : changes.length === 0 ? (
        <EmptyState icon={CheckCircle2} title="All changes synced">
          Everything recorded on this device has reached the server.
        </EmptyState>
      ) : (
        <div className="space-y-8">
          {attention.length > 0 ? (
            <section aria-labelledby="sync-attention" className="space-y-3">
              <h2 id="sync-attention" className="text-lg font-semibold">
                Needs your attention ({attention.length})
              </h2>
              {attention.map((change) => (
                <ChangeCard key={change.id} change={change} />
              ))}
            </section>
          ) : null}
          {pending.length > 0 ? (
            <section aria-labelledby="sync-waiting" className="space-y-3">
              <h2 id="sync-waiting" className="text-lg font-semibold">
                Waiting to sync ({waiting})
              </h2>
              <p className="text-sm text-muted-foreground">They are kept on this device and sent when the network allows; nothing needs doing.</p>
              {pending.map((change) => (
                <ChangeCard key={change.id} change={change} />
              ))}
            </section>
          ) : null}
        </div>
      )}
    </>
  );
}

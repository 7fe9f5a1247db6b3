import { useId } from 'react';
import { Link } from 'react-router';
import { WALKTHROUGH_RESULT_LABELS } from '@shared/devices';
import { formatDateTime } from '@/lib/format-date';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeviceHistory } from '../api/use-device';
import type { DeviceHistoryEntry } from '../api/device-queries';

const RESULT_VARIANT = { pass: 'success', fail: 'destructive', not_accessible: 'warning' } as const;

const KIND_LABEL: Record<DeviceHistoryEntry['kind'], string> = {
  result: 'Inspection result',
  deficiency: 'Deficiency',
  status: 'Status change',
};

/** Every result, deficiency and change of status, newest first, kept for the life of the record. */
export function DeviceHistoryCard({ deviceId }: { deviceId: number }) {
  const titleId = useId();
  const history = useDeviceHistory(deviceId);
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>History</CardTitle>
        <CardDescription>Newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading history...</span>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : history.isError ? (
          <LoadError message="Failed to load the history. Please try again." onRetry={() => void history.refetch()} retrying={history.isFetching} />
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet. Results from walk-throughs, deficiencies and changes of status appear here.</p>
        ) : (
          <ol className="divide-y">
            {history.data.map((entry, index) => (
              <HistoryEntry key={`${entry.kind}-${entry.at}-${index}`} entry={entry} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function HistoryEntry({ entry }: { entry: DeviceHistoryEntry }) {
  return (
    <li className="space-y-1.5 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">{KIND_LABEL[entry.kind]}</span>
        {entry.result ? <Badge variant={RESULT_VARIANT[entry.result]}>{WALKTHROUGH_RESULT_LABELS[entry.result]}</Badge> : null}
        <span className="text-sm text-muted-foreground">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          {entry.by ? ` · ${entry.by}` : ''}
        </span>
      </div>
      {entry.activity ? <p className="text-sm font-medium">{entry.activity}</p> : null}
      <p className="whitespace-pre-line break-words text-sm">{entry.summary}</p>
      {entry.inspectionId ? (
        <Link to={`/inspections/${entry.inspectionId}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Open the inspection
        </Link>
      ) : null}
      {entry.photos.length ? (
        <div className="flex flex-wrap gap-2 pt-1">
          {entry.photos.map((photo, i) => (
            <a key={photo.id} href={photo.url} target="_blank" rel="noreferrer">
              <img src={photo.url} alt={`Photo ${i + 1} of: ${entry.summary}`} className="size-20 rounded border object-cover" loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}
    </li>
  );
}

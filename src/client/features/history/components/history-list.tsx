import { useState } from 'react';
import { historyActorText, historyChangeEntries, historyFieldLabel, historyValueText } from '@shared/history';
import type { HistoryEvent } from '@shared/schemas/history';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format-date';
import type { HistoryPages } from '../api/history-queries';

/** A change shows this many fields at once; the rest on asking. */
const FIELDS_SHOWN = 6;

const isGone = (value: unknown) => value === null || value === undefined;

function Change({ field, before, after }: { field: string; before: unknown; after: unknown }) {
  const label = historyFieldLabel(field);
  if (isGone(before) || isGone(after)) {
    // A creation lists what was set; a deletion what there was.
    const value = isGone(before) ? after : before;
    return (
      <div className="grid gap-x-2 sm:grid-cols-[minmax(8rem,12rem)_1fr]">
        <dt className="text-muted-foreground">{label}</dt>
        <dd className="break-words">
          {historyValueText(field, value)}
          {isGone(after) && !isGone(before) ? <span className="text-muted-foreground"> → (none)</span> : null}
        </dd>
      </div>
    );
  }
  return (
    <div className="grid gap-x-2 sm:grid-cols-[minmax(8rem,12rem)_1fr]">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">
        <span className="sr-only">from </span>
        <span className="text-muted-foreground line-through decoration-muted-foreground/60">{historyValueText(field, before)}</span>
        <span aria-hidden="true"> → </span>
        <span className="sr-only"> to </span>
        <span className="font-medium">{historyValueText(field, after)}</span>
      </dd>
    </div>
  );
}

function EventItem({ event, showProperty }: { event: HistoryEvent; showProperty: boolean }) {
  const [all, setAll] = useState(false);
  const changes = historyChangeEntries(event.changes);
  const shown = all ? changes : changes.slice(0, FIELDS_SHOWN);
  return (
    <li className="space-y-2 rounded-lg border bg-background p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="text-sm font-semibold">
          {event.kindLabel}
          {event.subject ? <span className="font-normal text-muted-foreground">: {event.subject}</span> : null}
        </h3>
        <time dateTime={event.occurredAt} className="text-sm text-muted-foreground">
          {formatDateTime(event.occurredAt)}
        </time>
      </div>
      <p className="text-sm text-muted-foreground">
        By <span className="text-foreground">{historyActorText(event)}</span>
        {showProperty && event.propertyName ? (
          <>
            {' '}
            · <span className="text-foreground">{event.propertyName}</span>
          </>
        ) : null}
      </p>
      {shown.length > 0 ? (
        <dl className="space-y-1 text-sm">
          {shown.map(([field, [before, after]]) => (
            <Change key={field} field={field} before={before} after={after} />
          ))}
        </dl>
      ) : null}
      {changes.length > FIELDS_SHOWN ? (
        <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show fewer fields' : `Show all ${changes.length} fields`}
        </Button>
      ) : null}
    </li>
  );
}

/** Events newest first, with "Load more" for older ones; the caller draws the loading, error and empty states of the first page. */
export function HistoryList({ history, label, showProperty }: { history: HistoryPages; label: string; showProperty: boolean }) {
  const retry = () => void (history.isFetchNextPageError ? history.fetchNextPage() : history.refetch());
  return (
    <div className="space-y-3">
      <ol aria-label={label} className="space-y-3">
        {history.events.map((event) => (
          <EventItem key={event.id} event={event} showProperty={showProperty} />
        ))}
      </ol>
      {history.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {history.isFetchingNextPage ? <Spinner /> : null}
            Load older changes
          </Button>
        </div>
      ) : history.events.length > 0 ? (
        <p className="text-center text-sm text-muted-foreground">That is everything: the first change is the last one listed.</p>
      ) : null}
      {history.isError && history.data ? <LoadError message="Failed to load more changes. Please try again." onRetry={retry} retrying={history.isFetching} /> : null}
    </div>
  );
}

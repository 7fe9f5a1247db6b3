import { Inbox } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import { SUPPORT_TYPE_LABELS, type SupportRequest } from '@shared/schemas/support';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/load-error';
import { useSupportRequests } from '../api/support-queries';

/** SPEC 4: open, in progress, resolved, closed; anything else reads as open. */
const STATUS_DISPLAY: Record<string, { label: string; variant: 'warning' | 'secondary' | 'success' | 'muted' }> = {
  open: { label: 'Open', variant: 'warning' },
  in_progress: { label: 'In Progress', variant: 'secondary' },
  resolved: { label: 'Resolved', variant: 'success' },
  closed: { label: 'Closed', variant: 'muted' },
};

function RequestItem({ request }: { request: SupportRequest }) {
  const status = STATUS_DISPLAY[request.status] ?? STATUS_DISPLAY.open!;
  return (
    <li className="space-y-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-medium break-words">{request.subject}</h3>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        #{request.id} · {SUPPORT_TYPE_LABELS[request.type]} · {request.priority} priority · sent {formatDate(request.createdAt)}
      </p>
      <p className="line-clamp-3 text-sm whitespace-pre-line break-words text-muted-foreground">{request.message}</p>
      {request.responseMessage ? (
        <div className="rounded-md bg-muted p-2 text-sm">
          <p className="font-medium">Our answer</p>
          <p className="whitespace-pre-line break-words">{request.responseMessage}</p>
        </div>
      ) : null}
    </li>
  );
}

/** SPEC 2: the history, fetched only while this tab is open (the dialog mounts it then). */
export function MyRequestsTab() {
  const list = useSupportRequests();

  if (list.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading your requests...</span>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <LoadError
        message="Failed to load your support requests. Please try again."
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const requests = list.data.pages.flatMap((page) => page.items);
  if (requests.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
        <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">No support requests yet</p>
        <p className="text-sm text-muted-foreground">Requests you send from the Contact tab appear here with their status.</p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <ul aria-label="Your support requests" className="max-h-[50vh] space-y-3 overflow-y-auto">
        {requests.map((request) => (
          <RequestItem key={request.id} request={request} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="outline" className="w-full" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? (
            <>
              <Spinner /> Loading...
            </>
          ) : (
            'Show older requests'
          )}
        </Button>
      ) : null}
    </div>
  );
}

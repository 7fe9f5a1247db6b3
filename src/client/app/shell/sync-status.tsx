import { CheckCircle2, CloudUpload, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { useOutboxSummary } from '@/offline/outbox';
import { displayTimeZone, formatDateTime } from '@/lib/format-date';
import { cn } from '@/lib/utils';

/** "10:42 AM" today, the date and time before today. */
function syncTime(iso: string): string {
  const zone = displayTimeZone();
  const day = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(date);
  const at = new Date(iso);
  if (day(at) !== day(new Date())) return formatDateTime(at);
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(at);
}

export function changesWaitingText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting to sync`;
}

/**
 * The outbox in the top bar (issue 33): how many changes wait, what needs the person, or when
 * everything last reached the server. Nothing until there is or was something to sync.
 */
export function SyncStatus() {
  const { waiting, needsAttention, lastSyncAt } = useOutboxSummary();
  let text: string | null = null;
  let short = '';
  let Icon = CheckCircle2;
  let tone = 'text-slate-600';
  if (needsAttention > 0) {
    text = `${needsAttention} ${needsAttention === 1 ? 'change needs' : 'changes need'} your attention`;
    short = `${needsAttention} to check`;
    Icon = TriangleAlert;
    tone = 'text-amber-800 bg-amber-50 border-amber-300';
  } else if (waiting > 0) {
    text = changesWaitingText(waiting);
    short = `${waiting} waiting`;
    Icon = CloudUpload;
    tone = 'text-slate-800 bg-slate-100 border-slate-300';
  } else if (lastSyncAt) {
    const time = syncTime(lastSyncAt);
    text = `All changes synced · ${time}`;
    short = `Synced · ${time}`;
  }
  // The live region stays mounted so that each change of the count is announced.
  return (
    <div aria-live="polite" className="flex min-w-0 items-center">
      {text ? (
        <Link
          to="/sync"
          data-testid="sync-status"
          className={cn(
            'inline-flex min-h-9 items-center gap-1.5 whitespace-nowrap rounded-full border border-transparent px-2.5 text-xs font-medium hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm',
            tone,
          )}
        >
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          <span className="sm:hidden" aria-hidden="true">
            {short}
          </span>
          <span className="sr-only sm:not-sr-only">{text}</span>
        </Link>
      ) : null}
    </div>
  );
}

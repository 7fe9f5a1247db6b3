import type { RefObject } from 'react';
import { CalendarCheck, CalendarPlus, CircleAlert, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format-date';
import type { Inspection } from '@shared/schemas/inspection';
import type { UnscheduledRequirement } from '@shared/schemas/requirement';
import { scheduleLink, typeLabel } from '@/features/requirements/components/requirement-text';
import { useToday } from '@/features/inspections/api/use-today';
import { inspectionTypeLabel, propertyNameOf } from '@/features/inspections/components/inspection-text';
import { LoadError } from '@/components/load-error';
import { NotificationEntry, NotificationGroup } from '@/components/notification-group';
import { Popover, PopoverAnchor, PopoverClose, PopoverContent } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useAttentionInspections } from './use-attention-inspections';
import { useDeficiencySummary } from '@/features/records/api/record-queries';
import { CriticalDeficienciesGroup } from '@/features/records/components/critical-deficiencies-group';

type Tone = 'overdue' | 'due_soon';

const TONE = {
  overdue: {
    title: 'Overdue',
    count: 'bg-red-100 text-red-800',
    icon: CircleAlert,
    iconClass: 'text-red-700',
    more: (n: number) => `See all ${n} overdue`,
  },
  due_soon: {
    title: 'Due soon',
    count: 'bg-yellow-100 text-yellow-900',
    icon: Clock,
    iconClass: 'text-yellow-700',
    more: (n: number) => `See all ${n} due soon`,
  },
} as const;

interface NotificationsPanelProps {
  /** The bell, which the panel hangs from and gives focus back to. */
  anchorRef: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The bell's panel: the first few inspections of each kind that need attention, critical
 * deficiencies and requirements with nothing scheduled, with a way to the full list. Loaded
 * when the bell is first pointed at or pressed (notifications-button.tsx).
 */
export default function NotificationsPanel({ anchorRef, open, onOpenChange }: NotificationsPanelProps) {
  const { data, isPending, isError, isFetching, refetch, unscheduled } = useAttentionInspections();
  const deficiencies = useDeficiencySummary();
  const critical = deficiencies.data?.critical ?? [];
  const empty = data && data.overdue.items.length === 0 && data.dueSoon.items.length === 0 && !unscheduled?.items.length && critical.length === 0;

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchorRef} />
      <PopoverContent
        aria-label="Notifications"
        className="w-[min(22rem,calc(100vw-1rem))] p-0"
        // A press on the bell is its own toggle, not a click outside that closes and reopens.
        onInteractOutside={(event) => {
          if (anchorRef.current?.contains(event.target as Node)) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          anchorRef.current?.focus();
        }}
      >
        <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {isFetching && !isPending && <Spinner className="text-muted-foreground" />}
        </div>
        <div className="max-h-[min(32rem,calc(100dvh-9rem))] overflow-y-auto p-2">
          {isPending ? (
            <div role="status" className="flex items-center justify-center gap-2 px-2 py-6 text-sm text-muted-foreground">
              <Spinner className="text-primary" />
              Loading notifications...
            </div>
          ) : isError && !data ? (
            <div className="p-2">
              <LoadError message="Could not load notifications." onRetry={() => void refetch()} retrying={isFetching} />
            </div>
          ) : empty ? (
            <div className="flex flex-col items-center gap-2 px-2 py-6 text-center text-sm text-muted-foreground">
              <CalendarCheck aria-hidden="true" className="size-6 text-green-700" />
              <p>Nothing overdue or due soon.</p>
            </div>
          ) : data ? (
            <div className="space-y-2">
              <CriticalDeficienciesGroup items={critical.slice(0, 5)} total={deficiencies.data?.criticalCount ?? 0} />
              <AttentionGroup tone="overdue" items={data.overdue.items} total={data.overdue.total} />
              <AttentionGroup tone="due_soon" items={data.dueSoon.items} total={data.dueSoon.total} />
              {unscheduled ? <UnscheduledGroup items={unscheduled.items} total={unscheduled.total} /> : null}
            </div>
          ) : null}
        </div>
        <div className="border-t px-4 py-3">
          <PopoverClose asChild>
            <Link
              to="/inspections/upcoming"
              className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              View upcoming and overdue inspections
            </Link>
          </PopoverClose>
        </div>
      </PopoverContent>
    </Popover>
  );
}

function AttentionGroup({ tone, items, total }: { tone: Tone; items: Inspection[]; total: number }) {
  if (items.length === 0) return null;
  const style = TONE[tone];
  const Icon = style.icon;
  return (
    <NotificationGroup
      title={style.title}
      total={total}
      countClassName={style.count}
      more={total > items.length ? { to: `/inspections/upcoming?status=${tone}`, label: style.more(total) } : undefined}
    >
      {items.map((inspection) => (
        <NotificationEntry
          key={inspection.id}
          to={`/inspections/${inspection.id}`}
          icon={<Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', style.iconClass)} />}
        >
          <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] gap-x-3">
            <span className="truncate font-medium">
              {inspectionTypeLabel(inspection.inspectionType)}
              <span className="sr-only">,</span>
            </span>
            <span className="col-start-1 row-start-2 truncate text-muted-foreground">
              {propertyNameOf(inspection)}
              <span className="sr-only">,</span>
            </span>
            <span className="col-start-2 row-start-1 whitespace-nowrap text-xs leading-5 text-muted-foreground">
              <span className="sr-only">{tone === 'overdue' ? 'was due ' : 'due '}</span>
              {formatDate(inspection.dueDate)}
            </span>
          </span>
        </NotificationEntry>
      ))}
    </NotificationGroup>
  );
}

/** Requirements due with nothing scheduled: each opens the schedule form for it. */
function UnscheduledGroup({ items, total }: { items: UnscheduledRequirement[]; total: number }) {
  const today = useToday();
  if (items.length === 0) return null;
  return (
    <NotificationGroup
      title="Due, not scheduled"
      total={total}
      countClassName="bg-yellow-100 text-yellow-900"
      more={total > items.length ? { to: '/inspections/upcoming', label: `See all ${total} not scheduled` } : undefined}
    >
      {items.map((item) => (
        <NotificationEntry
          key={item.id}
          to={scheduleLink(item, today)}
          icon={<CalendarPlus aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', item.displayStatus === 'overdue' ? 'text-red-700' : 'text-yellow-700')} />}
        >
          <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_auto] gap-x-3">
            <span className="truncate font-medium">
              <span className="sr-only">Schedule </span>
              {item.activity}
              <span className="sr-only">,</span>
            </span>
            <span className="col-start-1 row-start-2 truncate text-muted-foreground">
              {typeLabel(item.itemType)} at {item.property.name}
              <span className="sr-only">,</span>
            </span>
            <span className="col-start-2 row-start-1 whitespace-nowrap text-xs leading-5 text-muted-foreground">
              <span className="sr-only">{item.displayStatus === 'overdue' ? 'was due ' : 'due '}</span>
              {formatDate(item.nextDueDate)}
            </span>
          </span>
        </NotificationEntry>
      ))}
    </NotificationGroup>
  );
}

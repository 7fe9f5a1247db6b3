import { lazy, Suspense, useRef, useState } from 'react';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { useDeficiencySummary } from '@/features/records/api/record-queries';
import { useAttentionInspections } from './use-attention-inspections';

// The panel, with the popover's positioning, loads when the bell is first pointed at or pressed,
// not with every signed-in page.
const loadPanel = () => import('./notifications-panel');
const NotificationsPanel = lazy(loadPanel);

/** The number on the bell; past 99 it reads 99+. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The top bar's bell: a count of the inspections that need attention (overdue plus due
 * soon), and a panel listing the first few of each with a way to the full list.
 */
export function NotificationsButton() {
  const bell = useRef<HTMLButtonElement>(null);
  const { refetch, attentionCount, urgent } = useAttentionInspections();
  const deficiencies = useDeficiencySummary();
  const [open, setOpen] = useState(false);
  // Stays mounted once opened, so its closing animation and the focus return still run.
  const [wanted, setWanted] = useState(false);
  const label = attentionCount > 0 ? `Notifications, ${attentionCount} need attention` : 'Notifications';

  const onOpenChange = (next: boolean) => {
    // What the count said may be old by now: look again whenever the list is opened.
    if (next) {
      void refetch({ cancelRefetch: false });
      void deficiencies.refetch({ cancelRefetch: false });
      setWanted(true);
    }
    setOpen(next);
  };

  return (
    <>
      <Tooltip content={attentionCount > 0 ? `${attentionCount} need attention` : 'Notifications'}>
        <Button
          ref={bell}
          variant="ghost"
          size="icon"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          className="relative"
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          onClick={() => onOpenChange(!open)}
        >
          <Bell aria-hidden="true" className="size-5" />
          {attentionCount > 0 && (
            <span
              aria-hidden="true"
              className={cn(
                'absolute left-6 top-1 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full px-1 text-[0.6875rem] font-semibold leading-none ring-2 ring-background',
                urgent ? 'bg-red-700 text-white' : 'bg-yellow-300 text-yellow-950',
              )}
            >
              {badgeText(attentionCount)}
            </span>
          )}
        </Button>
      </Tooltip>
      {wanted ? (
        <Suspense fallback={null}>
          <NotificationsPanel anchorRef={bell} open={open} onOpenChange={onOpenChange} />
        </Suspense>
      ) : null}
    </>
  );
}

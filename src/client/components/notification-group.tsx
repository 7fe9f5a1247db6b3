import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PopoverClose } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

interface NotificationGroupProps {
  title: string;
  /** How many there are in all; the group may list only the first few. */
  total: number;
  /** The count's colours, by how urgent the group is. */
  countClassName: string;
  /** The way to all of them, when the group lists only some. */
  more?: { to: string; label: string };
  children: ReactNode;
}

/** One group of the bell's panel: a heading with its count, its entries, and a way to the rest. */
export function NotificationGroup({ title, total, countClassName, more, children }: NotificationGroupProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="flex items-center gap-2 px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {title}
        <span className={cn('rounded-full px-1.5 py-0.5 text-[0.6875rem] font-semibold normal-case tracking-normal', countClassName)}>{total}</span>
      </h3>
      <ul>{children}</ul>
      {more ? (
        <PopoverClose asChild>
          <Link
            to={more.to}
            className="ml-7 mt-0.5 inline-block rounded-sm px-2 py-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {more.label}
          </Link>
        </PopoverClose>
      ) : null}
    </section>
  );
}

/** An entry of a group: its icon and words, a link that also closes the panel. */
export function NotificationEntry({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <PopoverClose asChild>
        <Link
          to={to}
          className="flex items-start gap-3 rounded-md px-2 py-2 text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {icon}
          {children}
        </Link>
      </PopoverClose>
    </li>
  );
}

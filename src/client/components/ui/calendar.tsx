import type { ComponentProps } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { format } from 'date-fns';
import { DayPicker, type Modifiers } from 'react-day-picker';
import { buttonVariants } from './button';
import { cn } from '@/lib/utils';

/**
 * "Today, Sunday, November 1, 2026, selected": the day's number stands as a word of its own,
 * so the visible text is part of the button's accessible name (WCAG 2.5.3).
 */
export function dayButtonLabel(date: Date, modifiers: Modifiers): string {
  let label = format(date, 'EEEE, MMMM d, yyyy');
  if (modifiers.today) label = `Today, ${label}`;
  if (modifiers.selected) label = `${label}, selected`;
  return label;
}

/**
 * react-day-picker styled with the theme's Tailwind classes (no stylesheet of its own).
 * Arrow keys, Page Up/Down and Home/End move between days; days are labelled for screen readers.
 */
export function Calendar({ className, classNames, labels, showOutsideDays = true, ...props }: ComponentProps<typeof DayPicker>) {
  return (
    <DayPicker
      labels={{ labelDayButton: dayButtonLabel, ...labels }}
      showOutsideDays={showOutsideDays}
      className={cn('w-fit p-3', className)}
      classNames={{
        months: 'relative flex flex-col gap-4',
        month: 'flex w-full flex-col gap-3',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-9 aria-disabled:pointer-events-none aria-disabled:opacity-40'),
        button_next: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-9 aria-disabled:pointer-events-none aria-disabled:opacity-40'),
        month_caption: 'flex h-9 items-center justify-center px-10',
        caption_label: 'text-sm font-semibold',
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'w-10 text-center text-xs font-medium text-muted-foreground',
        week: 'mt-1 flex w-full',
        day: 'size-10 p-0 text-center text-sm',
        day_button:
          'relative inline-flex size-10 items-center justify-center rounded-md font-normal transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none',
        selected: '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover',
        today: '[&>button]:font-bold [&>button]:underline [&>button]:underline-offset-4',
        outside: 'text-muted-foreground',
        disabled: 'text-slate-400 [&>button]:line-through',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation, className: iconClass }) =>
          orientation === 'left' ? (
            <ChevronLeft aria-hidden="true" className={cn('size-4', iconClass)} />
          ) : (
            <ChevronRight aria-hidden="true" className={cn('size-4', iconClass)} />
          ),
      }}
      {...props}
    />
  );
}

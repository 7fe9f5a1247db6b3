import { Bell, CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

export function NotificationsButton() {
  return (
    <Popover>
      <Tooltip>
        <TooltipTrigger asChild>
          <PopoverTrigger asChild>
            <Button variant="ghost" size="icon" aria-label="Notifications">
              <Bell aria-hidden="true" className="size-5" />
            </Button>
          </PopoverTrigger>
        </TooltipTrigger>
        <TooltipContent>Notifications</TooltipContent>
      </Tooltip>
      <PopoverContent aria-label="Notifications">
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <CalendarClock aria-hidden="true" className="size-5" />
          </span>
          <div className="space-y-2">
            <p className="text-sm font-semibold">Inspection alerts</p>
            <p className="text-sm text-muted-foreground">See which inspections are due soon or past their due date.</p>
            <PopoverClose asChild>
              <Link
                to="/inspections/upcoming"
                className="inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                View upcoming and overdue inspections
              </Link>
            </PopoverClose>
          </div>
        </div>
      </PopoverContent>
    </Popover>
  );
}

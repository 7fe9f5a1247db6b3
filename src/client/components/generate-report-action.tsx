import { useId } from 'react';
import { FileText, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { useSubscription } from '@/lib/use-subscription';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface GenerateReportActionProps {
  size?: 'sm' | 'default';
  className?: string;
}

/**
 * The "generate report" action of a property (SPEC 2): reports are premium, so free accounts
 * get an upgrade button to /billing. Pro accounts see the action, disabled until PDF reports
 * are available.
 */
export function GenerateReportAction({ size = 'default', className }: GenerateReportActionProps) {
  const { isPremium } = useSubscription();
  const noteId = useId();

  if (!isPremium) {
    return (
      <Button asChild variant="outline" size={size} className={className}>
        <Link to="/billing" title="Premium Feature - Click to upgrade">
          <Lock aria-hidden="true" />
          Upgrade for Reports
        </Link>
      </Button>
    );
  }

  return (
    <span className={cn('inline-flex flex-col gap-1', className)}>
      <Button variant="outline" size={size} disabled aria-describedby={noteId}>
        <FileText aria-hidden="true" />
        Generate Report
      </Button>
      <span id={noteId} className="text-xs text-muted-foreground">
        PDF reports are coming soon
      </span>
    </span>
  );
}

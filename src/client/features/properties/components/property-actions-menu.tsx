import { CalendarPlus, Eye, FileText, Lock, MoreHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import type { Property } from '@shared/schemas/property';
import { useSubscription } from '@/lib/use-subscription';
import { usePermissions } from '@/lib/use-permissions';
import { useCanUpgrade } from '@/lib/upgrade-offer';
import { useGenerateReport } from '@/components/use-generate-report';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';

/** One menu per row: the card's three buttons, without three buttons on every line. */
export function PropertyActionsMenu({ property }: { property: Property }) {
  const subscription = useSubscription();
  const report = useGenerateReport();
  const { can } = usePermissions();
  const canSchedule = can('inspections.schedule');
  // On Free, reports are offered (as the upgrade) only to those who may upgrade.
  const canUpgrade = useCanUpgrade();
  const canReport = can('reports.create') && (subscription.isPremium || canUpgrade);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${property.name}`} disabled={report.isPending}>
          {report.isPending ? <Spinner /> : <MoreHorizontal aria-hidden="true" />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem asChild>
          <Link to={`/properties/${property.id}`}>
            <Eye aria-hidden="true" />
            View Details
          </Link>
        </DropdownMenuItem>
        {canSchedule ? (
          <DropdownMenuItem asChild>
            <Link to={`/inspections/new?propertyId=${property.id}`}>
              <CalendarPlus aria-hidden="true" />
              Schedule Inspection
            </Link>
          </DropdownMenuItem>
        ) : null}
        {canReport ? <DropdownMenuSeparator /> : null}
        {!canReport ? null : subscription.isPremium ? (
          <DropdownMenuItem onSelect={() => report.generate(property.id)}>
            <FileText aria-hidden="true" />
            Generate Report
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem asChild>
            <Link to="/billing" title="Premium Feature - Click to upgrade">
              <Lock aria-hidden="true" />
              Reports (Pro)
            </Link>
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

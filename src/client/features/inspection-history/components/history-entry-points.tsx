import { useState } from 'react';
import { Link } from 'react-router';
import { History, TableProperties } from 'lucide-react';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { usePermissions } from '@/lib/use-permissions';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { RECORD_HISTORY } from '../api/history-permission';

// The dialog, with its CSV reader and row checks, loads when it is first reached for.
const ImportHistoryDialog = lazyDialog(() => import('./import-history-dialog').then((m) => m.ImportHistoryDialog));

export const PAST_INSPECTIONS_PATH = '/properties/past-inspections';

/** "Import inspection history", beside the property import; only for members who may record inspections. */
export function ImportHistoryButton() {
  const [open, setOpen] = useState(false);
  if (!usePermissions().can(RECORD_HISTORY)) return null;
  return (
    <>
      <Button variant="outline" {...reachFor(ImportHistoryDialog)} onClick={() => setOpen(true)}>
        <History aria-hidden="true" />
        Import inspection history
      </Button>
      <ImportHistoryDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

/** "Record past inspections": the grid, for one property when given; only for members who may record inspections. */
export function PastInspectionsLink({ propertyId, variant = 'outline', className }: { propertyId?: number; variant?: 'outline' | 'link'; className?: string }) {
  if (!usePermissions().can(RECORD_HISTORY)) return null;
  return (
    <Button asChild variant={variant} className={cn(variant === 'link' && 'h-auto px-0', className)}>
      <Link to={propertyId ? `${PAST_INSPECTIONS_PATH}?propertyId=${propertyId}` : PAST_INSPECTIONS_PATH}>
        <TableProperties aria-hidden="true" />
        Record past inspections
      </Link>
    </Button>
  );
}

/**
 * The dashboard's getting-started note: while requirements are due with nothing scheduled (a
 * portfolio just moved in has many, "Last done not known" being due now), it offers to record
 * the inspections already done, so each schedule counts from them instead of from today.
 */
export function PastInspectionsPrompt({ dueWithNothingScheduled }: { dueWithNothingScheduled: number }) {
  if (!usePermissions().can(RECORD_HISTORY) || dueWithNothingScheduled === 0) return null;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 sm:flex-row sm:items-center sm:justify-between">
      <p>
        <span className="font-medium">Already have inspection records?</span> Record when each requirement was last done,
        and its schedule counts from that day instead of from today.
      </p>
      <Button asChild variant="outline" className="shrink-0 self-start bg-background sm:self-auto">
        <Link to={PAST_INSPECTIONS_PATH}>
          <TableProperties aria-hidden="true" />
          Record past inspections
        </Link>
      </Button>
    </div>
  );
}

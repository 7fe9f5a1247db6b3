import { useState } from 'react';
import { Footprints } from 'lucide-react';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { usePermissions } from '@/lib/use-permissions';
import { Button, type ButtonProps } from '@/components/ui/button';

const StartWalkthroughDialog = lazyDialog(() => import('./start-walkthrough-dialog').then((m) => m.StartWalkthroughDialog));

interface StartWalkthroughButtonProps {
  propertyId: number;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  className?: string;
}

/**
 * "Start walk-through" of a property: choose the activity (one of its active requirements with
 * devices in service), then walk its devices on the phone. Offered to those who may complete
 * inspections; starting again resumes the activity's open walk.
 */
export function StartWalkthroughButton({ propertyId, size, variant = 'outline', className }: StartWalkthroughButtonProps) {
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!can('inspections.complete')) return null;
  return (
    <>
      <Button variant={variant} size={size} className={className} onClick={() => setOpen(true)} {...reachFor(StartWalkthroughDialog)}>
        <Footprints aria-hidden="true" />
        Start walk-through
      </Button>
      <StartWalkthroughDialog open={open} onOpenChange={setOpen} propertyId={propertyId} />
    </>
  );
}

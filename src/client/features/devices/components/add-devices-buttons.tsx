import { useState } from 'react';
import { FileUp, ListPlus } from 'lucide-react';
import type { InspectionType } from '@shared/enums';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { usePermissions } from '@/lib/use-permissions';
import { Button } from '@/components/ui/button';

// Each dialog (its form, its CSV reading) loads when its button is first reached for.
const BulkAddDialog = lazyDialog(() => import('./bulk-add-dialog').then((m) => m.BulkAddDialog));
const DeviceImportDialog = lazyDialog(() => import('./device-import-dialog').then((m) => m.DeviceImportDialog));

interface ButtonProps {
  propertyId: number;
  /** The property's safety items, offered first in the form. */
  present?: readonly InspectionType[];
  /** The item the list is filtered on, chosen for the new devices. */
  initialItem?: InspectionType;
  variant?: 'default' | 'outline' | 'secondary';
}

/** "Add several at once", for those who may add devices (managers and up); nothing for others. */
export function BulkAddDevicesButton({ propertyId, present, initialItem, variant = 'outline' }: ButtonProps) {
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!can('requirements.edit')) return null;
  return (
    <>
      <Button variant={variant} {...reachFor(BulkAddDialog)} onClick={() => setOpen(true)}>
        <ListPlus aria-hidden="true" />
        Add several
      </Button>
      <BulkAddDialog propertyId={propertyId} present={present} initialItem={initialItem} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** "Import devices" from a CSV file with a preview, for those who may add devices. */
export function ImportDevicesButton({ propertyId, variant = 'outline' }: Pick<ButtonProps, 'propertyId' | 'variant'>) {
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!can('requirements.edit')) return null;
  return (
    <>
      <Button variant={variant} {...reachFor(DeviceImportDialog)} onClick={() => setOpen(true)}>
        <FileUp aria-hidden="true" />
        Import devices
      </Button>
      <DeviceImportDialog propertyId={propertyId} open={open} onOpenChange={setOpen} />
    </>
  );
}

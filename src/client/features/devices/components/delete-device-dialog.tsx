import { useEffect, useState } from 'react';
import type { DeviceResponse } from '@shared/schemas/device';
import { serverMessage } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteDevice } from '../api/use-device-mutations';
import { itemLabel } from './device-text';

interface DeleteDeviceDialogProps {
  device: DeviceResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}

/**
 * Deletes a device entered by mistake. One with inspection history is refused by the server
 * (409), and its words say what to do instead; the dialog stays open to show them.
 */
export function DeleteDeviceDialog({ device, open, onOpenChange, onDeleted }: DeleteDeviceDialogProps) {
  const remove = useDeleteDevice(device.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (open) setRefusal(null);
  }, [open]);

  const onDelete = () => {
    setRefusal(null);
    remove.mutate(undefined, {
      onSuccess: onDeleted,
      onError: (error) => setRefusal(serverMessage(error, 'Failed to delete the device. Please try again.')),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete device</DialogTitle>
          <DialogDescription>
            Delete {itemLabel(device.itemType).toLowerCase()} tag {device.tag}? Only a device added by mistake should be deleted; one taken off the wall is
            marked Removed instead, so its record is kept.
          </DialogDescription>
        </DialogHeader>
        {refusal ? <FormAlert>{refusal}</FormAlert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onDelete} disabled={remove.isPending}>
            {remove.isPending ? <Spinner /> : null}
            Delete Device
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

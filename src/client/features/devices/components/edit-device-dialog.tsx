import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { InspectionType } from '@shared/enums';
import { createDeviceSchema, type CreateDeviceValues, type DeviceResponse } from '@shared/schemas/device';
import { serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useFormErrorOnOpen } from '@/lib/use-form-error-on-open';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/use-toast';
import { useToday } from '@/features/inspections/api/use-today';
import { useUpdateDevice } from '../api/use-device-mutations';
import { DEVICE_FORM_FIELDS, DeviceFormFields, type DeviceFormValues } from './device-form-fields';

interface EditDeviceDialogProps {
  device: DeviceResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const asForm = (device: DeviceResponse): DeviceFormValues => ({
  itemType: device.itemType,
  subtype: device.subtype ?? '',
  rating: device.rating ?? '',
  location: {
    building: device.location.building ?? '',
    floor: device.location.floor ?? '',
    room: device.location.room ?? '',
    description: device.location.description ?? '',
  },
  tag: device.tag,
  serialNumber: device.serialNumber ?? '',
  manufacturer: device.manufacturer ?? '',
  model: device.model ?? '',
  manufacturedOn: device.manufacturedOn ?? '',
  installedOn: device.installedOn ?? '',
  notes: device.notes ?? '',
});

/** "Edit": the device's facts; its item stays (its schedule and history belong to it). */
export function EditDeviceDialog({ device, open, onOpenChange }: EditDeviceDialogProps) {
  const today = useToday();
  const update = useUpdateDevice(device.id);
  const defaults = () => asForm(device);
  const form = useForm<DeviceFormValues, unknown, CreateDeviceValues>({ resolver: zodResolver(createDeviceSchema), defaultValues: defaults() });
  const { errors } = form.formState;
  const { formError, setFormError } = useFormErrorOnOpen(form, open, defaults);

  const onSubmit = form.handleSubmit(({ itemType: _itemType, tag, ...values }) => {
    setFormError(null);
    // An emptied tag keeps the one on the unit's label rather than making another.
    update.mutate(tag ? { ...values, tag } : values, {
      onSuccess: (saved) => {
        onOpenChange(false);
        toast({ title: 'Device Saved', description: `Tag ${saved.tag} is up to date.` });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, DEVICE_FORM_FIELDS)) setFormError(serverMessage(error, 'Failed to save the device. Please try again.'));
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl" dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Edit device</DialogTitle>
          <DialogDescription>Tag {device.tag}. Changing its kind or dates recounts when its tests are due.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-6">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <DeviceFormFields
            register={form.register}
            errors={errors}
            itemType={device.itemType as InspectionType}
            present={[device.itemType]}
            itemFixed
            editing
            today={today}
          />
          <FormDialogFooter pending={update.isPending}>Save Device</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

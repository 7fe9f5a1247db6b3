import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { deviceTypeLabel } from '@shared/device-kind';
import type { InspectionType } from '@shared/enums';
import { createDeviceSchema, type CreateDeviceValues } from '@shared/schemas/device';
import { serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useFormErrorOnOpen } from '@/lib/use-form-error-on-open';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/use-toast';
import { useToday } from '@/features/inspections/api/use-today';
import { useCreateDevice } from '../api/use-device-mutations';
import { DEVICE_FORM_FIELDS, DeviceFormFields, emptyDeviceForm, type DeviceFormValues } from './device-form-fields';

interface AddDeviceDialogProps {
  propertyId: number;
  /** The property's safety items, offered first; with one, it is chosen already. */
  present: readonly InspectionType[];
  /** The item the list is filtered on, chosen for the new device. */
  initialItem?: InspectionType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Add device": one extinguisher, light or detector, with its tag made when none is typed. */
export function AddDeviceDialog({ propertyId, present, initialItem, open, onOpenChange }: AddDeviceDialogProps) {
  const today = useToday();
  const navigate = useNavigate();
  const create = useCreateDevice(propertyId);
  const defaults = () => emptyDeviceForm(initialItem ?? (present.length === 1 ? present[0] : ''));
  const form = useForm<DeviceFormValues, unknown, CreateDeviceValues>({ resolver: zodResolver(createDeviceSchema), defaultValues: defaults() });
  const { errors } = form.formState;
  const itemType = form.watch('itemType');
  const { formError, setFormError } = useFormErrorOnOpen(form, open, defaults);

  // Another item's subtypes are not this one's: a change of item clears the choice.
  useEffect(() => {
    if (form.getValues('subtype')) form.setValue('subtype', '');
  }, [itemType]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    create.mutate(values, {
      onSuccess: (device) => {
        onOpenChange(false);
        toast({
          title: 'Device Added',
          description: `${deviceTypeLabel(device.itemType)} ${device.tag} is on the list.`,
          action: { label: 'Open', altText: `Open device ${device.tag} from the Devices list.`, onClick: () => navigate(`/devices/${device.id}`) },
        });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, DEVICE_FORM_FIELDS)) setFormError(serverMessage(error, 'Failed to add the device. Please try again.'));
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl" dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Add device</DialogTitle>
          <DialogDescription>One unit of a safety item, with its own tag, dates and history.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-6">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <DeviceFormFields register={form.register} errors={errors} itemType={itemType} present={present} today={today} />
          <FormDialogFooter pending={create.isPending}>Add Device</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

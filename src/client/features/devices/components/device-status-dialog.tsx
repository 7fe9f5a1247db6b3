import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEVICE_STATUSES, DEVICE_STATUS_LABELS } from '@shared/devices';
import { updateDeviceSchema, type DeviceResponse, type UpdateDeviceInput } from '@shared/schemas/device';
import { serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useFormErrorOnOpen } from '@/lib/use-form-error-on-open';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { usePropertyDevices } from '../api/use-property-devices';
import { useUpdateDevice } from '../api/use-device-mutations';
import { itemLabel, kindText, locationText } from './device-text';

interface DeviceStatusDialogProps {
  device: DeviceResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type StatusForm = Pick<UpdateDeviceInput, 'status' | 'statusReason' | 'replacedById'>;

const FIELDS = ['status', 'statusReason', 'replacedById'] as const;

/** What each status does to the item, said before it is chosen. */
const STATUS_HINTS: Record<(typeof DEVICE_STATUSES)[number], string> = {
  in_service: 'It is inspected with the others and counts toward its item.',
  out_of_service: 'Its item shows Action Needed until it is back in service or replaced.',
  removed: 'Taken off the wall for good. Its record and history are kept.',
  replaced: 'Another device took its place; its record and history are kept.',
};

/** Change of status: out of service needs a reason; replaced names the device that took its place. */
export function DeviceStatusDialog({ device, open, onOpenChange }: DeviceStatusDialogProps) {
  const update = useUpdateDevice(device.id);
  const defaults = (): StatusForm => ({ status: device.status, statusReason: device.statusReason ?? '', replacedById: device.replacedById });
  const form = useForm<StatusForm>({ resolver: zodResolver(updateDeviceSchema), defaultValues: defaults() });
  const { errors } = form.formState;
  const status = form.watch('status');
  const { formError, setFormError } = useFormErrorOnOpen(form, open, defaults);
  // The replacing device is one of the same item at the same property, asked for only when needed.
  const candidates = usePropertyDevices(device.propertyId, { itemType: device.itemType });
  const others = (candidates.data?.items ?? []).filter((d) => d.id !== device.id && (d.status === 'in_service' || d.status === 'out_of_service'));

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    const body: UpdateDeviceInput = {
      status: values.status,
      // Back in service, the old reason no longer holds.
      statusReason: values.status === 'in_service' ? null : values.statusReason || null,
      ...(values.status === 'replaced' ? { replacedById: values.replacedById } : {}),
    };
    update.mutate(body, {
      onSuccess: (saved) => {
        onOpenChange(false);
        toast({ title: 'Status Changed', description: `Tag ${saved.tag} is now ${DEVICE_STATUS_LABELS[saved.status].toLowerCase()}.` });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, FIELDS)) setFormError(serverMessage(error, 'Failed to change the status. Please try again.'));
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent dirty={form.formState.isDirty}>
        <DialogHeader>
          <DialogTitle>Change status</DialogTitle>
          <DialogDescription>
            {itemLabel(device.itemType)} tag {device.tag}, {locationText(device.location)}.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormField label="Status" error={errors.status?.message} hint={status ? STATUS_HINTS[status] : undefined}>
            {(control) => (
              <Select {...control} {...form.register('status')}>
                {DEVICE_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {DEVICE_STATUS_LABELS[value]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          {status === 'replaced' ? (
            <FormField
              label="Replaced by"
              error={errors.replacedById?.message}
              hint={others.length ? undefined : 'Add the new device first, then mark this one replaced by it.'}
            >
              {(control) => (
                <Select {...control} {...form.register('replacedById', { setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)) })}>
                  <option value="">{candidates.isPending ? 'Loading devices...' : 'Choose the device that replaced it'}</option>
                  {others.map((d) => (
                    <option key={d.id} value={d.id}>
                      {[d.tag, kindText(d), locationText(d.location)].filter(Boolean).join(' · ')}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          ) : null}
          {status !== 'in_service' ? (
            <FormField label={status === 'out_of_service' ? 'Reason' : 'Reason (optional)'} error={errors.statusReason?.message}>
              {(control) => (
                <Textarea {...control} rows={2} maxLength={500} placeholder={status === 'out_of_service' ? 'For example: discharged, sent for recharge' : undefined} {...form.register('statusReason')} />
              )}
            </FormField>
          ) : null}
          <FormDialogFooter pending={update.isPending}>Save Status</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

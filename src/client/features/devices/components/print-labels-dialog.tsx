import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { LABEL_FORMATS, type LabelFormat } from '@shared/devices';
import type { DeviceResponse } from '@shared/schemas/device';
import type { ApiErrorBody } from '@shared/api-error';
import { usePermissions } from '@/lib/use-permissions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/load-error';
import { propertyDevicesOptions } from '../api/device-queries';
import { itemLabel, locationText } from './device-text';

/** The sheets, as their boxes name them. */
const SHEETS: Record<LabelFormat, { name: string; detail: string; perSheet: number }> = {
  'avery-5160': { name: 'Avery 5160', detail: 'US Letter, 30 labels of 2⅝ × 1 in', perSheet: 30 },
  'avery-l7160': { name: 'Avery L7160', detail: 'A4, 21 labels of 63.5 × 38.1 mm', perSheet: 21 },
  'weatherproof-2x4': { name: 'Weatherproof 2 × 4 in', detail: 'US Letter, 10 labels; for plant rooms and outdoors', perSheet: 10 },
};

/** Devices no longer on the wall get no new label unless chosen. */
const onTheWall = (device: DeviceResponse) => device.status === 'in_service' || device.status === 'out_of_service';

/**
 * "Print labels" on a property: managers and up (the same permission as adding devices). The
 * dialog is drawn only when opened, and asks for the property's devices only then.
 */
export function PrintLabelsButton({ propertyId }: { propertyId: number }) {
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!can('requirements.edit')) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Printer aria-hidden="true" />
        Print labels
      </Button>
      {open ? <PrintLabelsDialog propertyId={propertyId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function PrintLabelsDialog({ propertyId, onClose }: { propertyId: number; onClose: () => void }) {
  const devices = useQuery(propertyDevicesOptions(propertyId, {}));
  const [format, setFormat] = useState<LabelFormat>('avery-5160');
  const [skip, setSkip] = useState('0');
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [errors, setErrors] = useState<{ form?: string; skip?: string; deviceIds?: string }>({});
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const skipId = useId();
  const skipHintId = useId();
  const listId = useId();

  const items = useMemo(() => devices.data?.items ?? [], [devices.data]);
  // Every device on the wall is chosen at first: printing a new property's labels is one click.
  useEffect(() => {
    if (devices.data && chosen === null) setChosen(new Set(devices.data.items.filter(onTheWall).map((d) => d.id)));
  }, [devices.data, chosen]);
  const selected = chosen ?? new Set<number>();
  const perSheet = SHEETS[format].perSheet;

  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const skipped = Number(skip);
    const problems: typeof errors = {};
    if (selected.size === 0) problems.deviceIds = 'Choose at least one device';
    if (!/^\d+$/.test(skip.trim()) || skipped > perSheet - 1) problems.skip = `Enter a whole number from 0 to ${perSheet - 1}`;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setPending(true);
    try {
      // In walking order, as the list shows them and the labels will be stuck on.
      const deviceIds = items.filter((d) => selected.has(d.id)).map((d) => d.id);
      const res = await fetch(`/api/properties/${propertyId}/labels`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
        body: JSON.stringify({ deviceIds, format, skip: skipped }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
        const fields = body?.fieldErrors ?? {};
        setErrors({
          skip: fields.skip?.[0],
          deviceIds: fields.deviceIds?.[0],
          form: fields.skip || fields.deviceIds ? undefined : (body?.message ?? 'The labels could not be made. Please try again.'),
        });
        return;
      }
      const blob = await res.blob();
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'firemark-labels.pdf';
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      const sheets = Math.ceil((skipped + deviceIds.length) / perSheet);
      setDone(`${name} downloaded: ${deviceIds.length} ${deviceIds.length === 1 ? 'label' : 'labels'} on ${sheets} ${sheets === 1 ? 'sheet' : 'sheets'}. Print it at 100 % (actual size), not "fit to page".`);
    } catch {
      setErrors({ form: 'Firemark could not be reached. Check your connection and try again.' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Print labels</DialogTitle>
          <DialogDescription>
            A PDF of labels, each with a QR code that opens the device’s page, its tag, the property and where it is.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
          {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Label sheet</legend>
            <RadioGroup value={format} onValueChange={(value) => setFormat(value as LabelFormat)} aria-label="Label sheet">
              {LABEL_FORMATS.map((f) => (
                <div key={f} className="flex items-start gap-2">
                  <RadioGroupItem value={f} id={`${listId}-${f}`} className="mt-0.5" />
                  <Label htmlFor={`${listId}-${f}`} className="font-normal">
                    <span className="font-medium">{SHEETS[f].name}</span>
                    <span className="block text-muted-foreground">{SHEETS[f].detail}</span>
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>

          <div className="space-y-1">
            <Label htmlFor={skipId}>Labels already used on the first sheet</Label>
            <Input
              id={skipId}
              inputMode="numeric"
              value={skip}
              onChange={(e) => setSkip(e.target.value)}
              aria-invalid={errors.skip ? true : undefined}
              aria-describedby={skipHintId}
              className="w-24"
            />
            <p id={skipHintId} className={errors.skip ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}>
              {errors.skip ?? 'Printing starts on the next free label, counting across each row.'}
            </p>
          </div>

          <fieldset className="space-y-2" aria-describedby={errors.deviceIds ? `${listId}-error` : undefined}>
            <legend className="text-sm font-medium">Devices</legend>
            {devices.isPending ? (
              <Skeleton className="h-24 w-full" />
            ) : devices.isError ? (
              <LoadError message="The devices could not be loaded." onRetry={() => void devices.refetch()} retrying={devices.isFetching} />
            ) : items.length === 0 ? (
              <p className="text-sm text-muted-foreground">This property has no devices yet. Add them first; each gets a tag to print.</p>
            ) : (
              <>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span aria-live="polite">
                    {selected.size} of {items.length} chosen
                  </span>
                  {/* The pair wraps together on a phone, not one button to a line. */}
                  <span className="flex gap-1">
                    <Button type="button" variant="ghost" size="sm" onClick={() => setChosen(new Set(items.map((d) => d.id)))}>
                      Choose all
                    </Button>
                    <Button type="button" variant="ghost" size="sm" onClick={() => setChosen(new Set())}>
                      Choose none
                    </Button>
                  </span>
                </div>
                <ul className="max-h-64 divide-y overflow-y-auto rounded-md border">
                  {items.map((device) => (
                    <li key={device.id}>
                      <label className="flex cursor-pointer items-start gap-3 px-3 py-2 text-sm hover:bg-muted">
                        <input
                          type="checkbox"
                          className="mt-1 size-4 shrink-0 accent-primary"
                          checked={selected.has(device.id)}
                          onChange={(e) => toggle(device.id, e.target.checked)}
                        />
                        <span className="min-w-0">
                          <span className="font-mono font-medium">{device.tag}</span>{' '}
                          <span className="text-muted-foreground">{itemLabel(device.itemType)}</span>
                          <span className="block break-words text-muted-foreground">{locationText(device.location)}</span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {errors.deviceIds ? (
              <p id={`${listId}-error`} className="text-sm font-medium text-destructive">
                {errors.deviceIds}
              </p>
            ) : null}
          </fieldset>

          {done ? (
            <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
              {done}
            </p>
          ) : null}
          <FormDialogFooter pending={pending}>Download PDF</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

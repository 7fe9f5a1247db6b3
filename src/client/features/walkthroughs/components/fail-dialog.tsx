import { useEffect, useId, useState, type FormEvent } from 'react';
import { OTHER_CHECK_KEY } from '@shared/device-checklists/checklist';
import { DEFICIENCY_SEVERITIES, DEFICIENCY_SEVERITY_LABELS, type DeficiencySeverity } from '@shared/records';
import { walkthroughTapSchema, type WalkthroughDeviceResponse, type WalkthroughResponse } from '@shared/schemas/walkthrough';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Label } from '@/components/ui/label';

export interface FailDetails {
  failedChecks: string[];
  severity: DeficiencySeverity;
  description: string | null;
  correctiveAction: string | null;
  photos: File[];
}

interface FailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  device: WalkthroughDeviceResponse | null;
  checklist: WalkthroughResponse['checklist'];
  checklistSource: string | null;
  onFail: (details: FailDetails) => void;
  /** Where focus goes once it closes (the next device, after a save). */
  onCloseAutoFocus?: (event: Event) => void;
}

type Errors = Partial<Record<'failedChecks' | 'severity' | 'description' | 'correctiveAction', string>>;

/**
 * Fail: which checks of the activity's checklist failed (so deficiencies can be counted), how
 * severe, what was found and what to do, and photos from the phone's camera. Saving closes the
 * sheet at once; the tap is sent, and the photos follow once its deficiency exists.
 */
export function FailDialog({ open, onOpenChange, device, onCloseAutoFocus, checklist, checklistSource, onFail }: FailDialogProps) {
  const id = useId();
  const [checks, setChecks] = useState<string[]>([]);
  const [severity, setSeverity] = useState<DeficiencySeverity>('non_critical');
  const [description, setDescription] = useState('');
  const [correctiveAction, setCorrectiveAction] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!open) return;
    setChecks([]);
    setSeverity('non_critical');
    setDescription('');
    setCorrectiveAction('');
    setPhotos([]);
    setErrors({});
  }, [open, device?.deviceId]);

  const dirty = checks.length > 0 || description !== '' || correctiveAction !== '' || photos.length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The shared schema of the call says what a Fail needs; the id is the phone's to make later.
    const parsed = walkthroughTapSchema.safeParse({ clientId: crypto.randomUUID(), result: 'fail', failedChecks: checks, severity, description, correctiveAction });
    const next: Errors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = String(issue.path[0]) as keyof Errors;
      next[field] ??= issue.message;
    }
    // "Other" is the inspector's own words: the server asks for them as well.
    if (checks.includes(OTHER_CHECK_KEY) && !description.trim()) next.description ??= 'Describe what was found';
    if (!parsed.success || Object.keys(next).length) {
      setErrors(next);
      return;
    }
    onFail({ failedChecks: checks, severity, description: parsed.data.description, correctiveAction: parsed.data.correctiveAction, photos });
    onOpenChange(false);
  };

  const toggle = (key: string, on: boolean) => {
    setChecks((current) => (on ? [...current, key] : current.filter((k) => k !== key)));
    setErrors((current) => ({ ...current, failedChecks: undefined }));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} dirty={dirty}>
        <DialogHeader>
          <DialogTitle>Fail {device?.tag}</DialogTitle>
          <DialogDescription>A deficiency is opened for this device; it stays open until corrected.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-5">
          {checklist.length ? (
            <fieldset className="space-y-2" aria-describedby={errors.failedChecks ? `${id}-checks-error` : undefined}>
              <legend className="text-sm font-medium">What failed</legend>
              {checklistSource ? <p className="text-sm text-muted-foreground">The checks of {checklistSource}.</p> : null}
              {checklist.map((item) => (
                <Label key={item.key} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border p-3 font-normal has-[:checked]:border-primary has-[:checked]:bg-accent">
                  <input type="checkbox" className="mt-0.5 size-5 shrink-0" checked={checks.includes(item.key)} onChange={(e) => toggle(item.key, e.target.checked)} />
                  <span className="break-words leading-snug">{item.label}</span>
                </Label>
              ))}
              {errors.failedChecks ? (
                <p id={`${id}-checks-error`} role="alert" className="text-sm font-medium text-destructive">
                  {errors.failedChecks}
                </p>
              ) : null}
            </fieldset>
          ) : null}

          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Severity</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              {DEFICIENCY_SEVERITIES.map((option) => (
                <Label key={option} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border p-3 font-normal has-[:checked]:border-primary has-[:checked]:bg-accent">
                  <input type="radio" name={`${id}-severity`} className="size-4 shrink-0" checked={severity === option} onChange={() => setSeverity(option)} />
                  {DEFICIENCY_SEVERITY_LABELS[option]}
                </Label>
              ))}
            </div>
            {errors.severity ? <p role="alert" className="text-sm font-medium text-destructive">{errors.severity}</p> : null}
          </fieldset>

          <FormField
            label="What was found"
            error={errors.description ?? (checklist.length ? undefined : errors.failedChecks)}
            hint={checklist.length ? 'Optional beside the checks chosen.' : 'Required: describe what failed.'}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                maxLength={2000}
                value={description}
                onChange={(e) => {
                  setDescription(e.target.value);
                  setErrors((current) => ({ ...current, description: undefined, failedChecks: undefined }));
                }}
              />
            )}
          </FormField>

          <FormField label="Corrective action" error={errors.correctiveAction} hint="Optional: what needs to be done.">
            {(control) => <Textarea {...control} rows={2} maxLength={2000} value={correctiveAction} onChange={(e) => setCorrectiveAction(e.target.value)} />}
          </FormField>

          <FormField label="Photos" hint="Opens the camera on a phone. Saved once the result is saved; location data is removed before it is stored.">
            {(control) => (
              <Input {...control} type="file" accept="image/*" capture="environment" multiple onChange={(e) => setPhotos(Array.from(e.target.files ?? []))} />
            )}
          </FormField>
          {photos.length ? <p className="text-sm text-muted-foreground">{photos.length === 1 ? '1 photo chosen' : `${photos.length} photos chosen`}</p> : null}

          <FormDialogFooter pending={false}>Save failure</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { walkthroughTapSchema, type WalkthroughDeviceResponse } from '@shared/schemas/walkthrough';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

interface NotAccessibleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  device: WalkthroughDeviceResponse | null;
  onSave: (reason: string) => void;
  /** Where focus goes once it closes (the next device, after a save). */
  onCloseAutoFocus?: (event: Event) => void;
}

// The reasons an inspector gives most often, one tap each; anything else is typed.
const COMMON_REASONS = ['Room locked', 'Blocked by stock or furniture', 'Occupant refused entry'];

/** Not accessible: why the device could not be reached. It stays due. */
export function NotAccessibleDialog({ open, onOpenChange, device, onCloseAutoFocus, onSave }: NotAccessibleDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!open) return;
    setReason('');
    setError(undefined);
  }, [open, device?.deviceId]);

  const save = (text: string) => {
    const parsed = walkthroughTapSchema.safeParse({ clientId: crypto.randomUUID(), result: 'not_accessible', reason: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    onSave(parsed.data.reason!);
    onOpenChange(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(reason);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} dirty={reason !== ''}>
        <DialogHeader>
          <DialogTitle>Not accessible: {device?.tag}</DialogTitle>
          <DialogDescription>It stays due, and can be tapped again once reached.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4">
          <div className="flex flex-wrap gap-2" role="group" aria-label="Common reasons">
            {COMMON_REASONS.map((text) => (
              <Button key={text} variant="outline" className="h-auto min-h-11 whitespace-normal" onClick={() => save(text)}>
                {text}
              </Button>
            ))}
          </div>
          <FormField label="Reason" error={error} hint="Or say why in your own words.">
            {(control) => (
              <Input
                {...control}
                maxLength={500}
                aria-required="true"
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
          <FormDialogFooter pending={false}>Save</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

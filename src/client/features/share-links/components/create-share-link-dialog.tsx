import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy } from 'lucide-react';
import { addDays } from '@shared/compliance';
import { SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_MAX_DAYS, shareLinkCreateSchema, type ShareLinkCreateInput } from '@shared/schemas/share-link';
import { serverMessage } from '@/lib/api';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatDate } from '@/lib/format-date';
import { useFormErrorOnOpen } from '@/lib/use-form-error-on-open';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialogFooter } from '@/components/ui/form-dialog-footer';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useToday } from '@/features/inspections/api/use-today';
import { useCreateShareLink } from '../api/share-link-queries';

interface CreateShareLinkDialogProps {
  propertyId: number;
  propertyName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const FIELDS = ['recipient', 'expiresAt', 'includeDeficiencies'] as const;

/**
 * "Share property": who the link is for, until when, and whether it shows open deficiencies.
 * Once made, the link itself is shown here, the only time it can be (only its hash is kept).
 */
export function CreateShareLinkDialog({ propertyId, propertyName, open, onOpenChange }: CreateShareLinkDialogProps) {
  const today = useToday();
  const create = useCreateShareLink(propertyId);
  const [created, setCreated] = useState<{ url: string; recipient: string; expiresAt: string } | null>(null);
  const defaults = (): ShareLinkCreateInput => ({ recipient: '', expiresAt: addDays(today, SHARE_LINK_DEFAULT_DAYS), includeDeficiencies: false });
  const form = useForm<ShareLinkCreateInput>({ resolver: zodResolver(shareLinkCreateSchema), defaultValues: defaults() });
  const { errors } = form.formState;
  const { formError, setFormError } = useFormErrorOnOpen(form, open, defaults);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    create.mutate(values, {
      onSuccess: (link) => setCreated({ url: link.url, recipient: values.recipient.trim(), expiresAt: link.expiresAt }),
      onError: (error) => {
        if (!applyServerFieldErrors(error, form.setError, FIELDS)) setFormError(serverMessage(error, 'Could not create the share link. Please try again.'));
      },
    });
  });

  const close = (next: boolean) => {
    if (create.isPending) return;
    onOpenChange(next);
    // The link goes with the dialog: it is not kept anywhere to show again.
    if (!next) setCreated(null);
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      toast({ title: 'Link Copied', description: `Send it to ${created.recipient}.` });
    } catch {
      toast({ title: 'Copy the link', description: 'Select it and press Ctrl+C (or ⌘C).' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent dirty={!created && form.formState.isDirty}>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Share link created</DialogTitle>
              <DialogDescription>
                Send this link to {created.recipient}. It works until the end of {formatDate(new Date(new Date(created.expiresAt).getTime() - 1))}. It is
                shown only now: copy it before you close this window.
              </DialogDescription>
            </DialogHeader>
            <div role="status" className="space-y-2">
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input readOnly value={created.url} aria-label="Share link" className="font-mono text-xs sm:text-xs" onFocus={(e) => e.currentTarget.select()} />
                <Button variant="outline" onClick={copy}>
                  <Copy aria-hidden="true" /> Copy
                </Button>
              </div>
              <p className="text-sm text-muted-foreground">Anyone with the link can see this property&rsquo;s compliance until it expires or you revoke it.</p>
            </div>
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Share {propertyName}</DialogTitle>
              <DialogDescription>
                A read-only link for a fire marshal, an insurer or an auditor, without an account: the property&rsquo;s compliance per safety item and
                requirement, and its reports&rsquo; verification links. Never notes or e-mail addresses.
              </DialogDescription>
            </DialogHeader>
            <form noValidate onSubmit={onSubmit} className="space-y-5">
              {formError ? <FormAlert>{formError}</FormAlert> : null}
              <FormField label="Shared with" error={errors.recipient?.message} hint="Who it is for, as the page will name them.">
                {(control) => <Input {...control} maxLength={120} aria-required="true" placeholder="e.g. Salem Fire Marshal's Office" {...form.register('recipient')} />}
              </FormField>
              <FormField label="Works until" error={errors.expiresAt?.message} hint="The link stops at the end of this day. At most a year from today.">
                {(control) => <Input {...control} type="date" min={today} max={addDays(today, SHARE_LINK_MAX_DAYS)} aria-required="true" {...form.register('expiresAt')} />}
              </FormField>
              <div className="space-y-1">
                <label className="flex items-start gap-2 text-sm font-medium">
                  <input type="checkbox" className="mt-0.5 size-4" {...form.register('includeDeficiencies')} />
                  Show open deficiencies
                </label>
                <p className="pl-6 text-sm text-muted-foreground">What was found and not corrected yet: description, severity, location and due date.</p>
              </div>
              <FormDialogFooter pending={create.isPending}>Create Link</FormDialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

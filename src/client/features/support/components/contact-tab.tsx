import { useEffect } from 'react';
import { Clock, Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SUPPORT_PRIORITIES, SUPPORT_REQUEST_TYPES } from '@shared/enums';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_TYPE_LABELS,
  supportRequestSchema,
  type SupportRequestInput,
  type SupportRequestValues,
} from '@shared/schemas/support';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/app/auth-context';
import { useSupportContact } from '@/lib/use-support-contact';
import { useSubmitSupportRequest } from '../api/support-queries';

const FIELDS = ['subject', 'message', 'type', 'priority', 'userEmail', 'userFullName'] as const;
const PRIORITY_LABELS: Record<(typeof SUPPORT_PRIORITIES)[number], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/**
 * What was typed and not sent, kept for this browser tab (sessionStorage): switching to
 * another tab of the dialog, closing it, or a reload does not lose a half-written message.
 */
const draftKey = (userId: number | undefined) => `firemark.support-draft.${userId ?? 'anonymous'}`;
const DRAFTED = ['subject', 'message', 'type', 'priority'] as const;

function readDraft(key: string): Partial<SupportRequestInput> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    if (!stored || typeof stored !== 'object') return {};
    return Object.fromEntries(DRAFTED.filter((f) => typeof (stored as Record<string, unknown>)[f] === 'string').map((f) => [f, (stored as Record<string, string>)[f]]));
  } catch {
    return {};
  }
}

function writeDraft(key: string, values: Partial<SupportRequestInput>) {
  try {
    const draft = Object.fromEntries(DRAFTED.map((f) => [f, values[f] ?? '']));
    if (draft.subject || draft.message) sessionStorage.setItem(key, JSON.stringify(draft));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage full or switched off: the draft lives only while the form is open.
  }
}

/** SPEC 2, "Help and Support dialog": the Contact tab is a new-request form. */
export function ContactTab({ onSubmitted }: { onSubmitted: () => void }) {
  const { user } = useAuth();
  const submit = useSubmitSupportRequest();
  const contact = useSupportContact();
  const blank: SupportRequestInput = {
    subject: '',
    message: '',
    type: 'general',
    priority: 'medium',
    userEmail: user?.email ?? '',
    userFullName: user?.fullName ?? '',
  };
  const key = draftKey(user?.id);
  const form = useForm<SupportRequestInput, unknown, SupportRequestValues>({
    resolver: zodResolver(supportRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { ...blank, ...readDraft(key) },
  });
  const { errors } = form.formState;
  useEffect(() => {
    const subscription = form.watch((values) => writeDraft(key, values));
    return () => subscription.unsubscribe();
  }, [form, key]);

  const onSubmit = form.handleSubmit((values) =>
    submit.mutate(values, {
      onSuccess: () => {
        form.reset(blank);
        sessionStorage.removeItem(key);
        onSubmitted();
      },
      // What was typed stays; the fields the server refused say why.
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    }),
  );

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="New support request">
        <FormField label="Subject" error={errors.subject?.message}>
          {(control) => <Input {...control} {...form.register('subject')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Type" error={errors.type?.message}>
            {(control) => (
              <Select {...control} {...form.register('type')}>
                {SUPPORT_REQUEST_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {SUPPORT_TYPE_LABELS[type]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Priority" error={errors.priority?.message}>
            {(control) => (
              <Select {...control} {...form.register('priority')}>
                {SUPPORT_PRIORITIES.map((priority) => (
                  <option key={priority} value={priority}>
                    {PRIORITY_LABELS[priority]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <FormField label="Message" error={errors.message?.message} hint="What happened, on which property, and what you expected.">
          {(control) => <Textarea {...control} rows={5} maxLength={SUPPORT_MESSAGE_MAX} {...form.register('message')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Your name" error={errors.userFullName?.message}>
            {(control) => <Input {...control} autoComplete="name" {...form.register('userFullName')} />}
          </FormField>
          <FormField label="Reply to email" error={errors.userEmail?.message}>
            {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('userEmail')} />}
          </FormField>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
            {submit.isPending ? (
              <>
                <Spinner /> Sending...
              </>
            ) : (
              'Send Request'
            )}
          </Button>
        </div>
      </form>
      <div className="space-y-2 rounded-lg border bg-muted/40 p-3 text-sm">
        {contact.data ? (
          <p className="flex items-center gap-2">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span className="min-w-0 break-words">
              Or email us at{' '}
              <a href={`mailto:${contact.data.email}`} className="font-medium text-primary underline underline-offset-4">
                {contact.data.email}
              </a>
            </span>
          </p>
        ) : null}
        <p className="flex items-center gap-2 text-muted-foreground">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          We&apos;ll respond within 1 business day.
        </p>
      </div>
    </div>
  );
}

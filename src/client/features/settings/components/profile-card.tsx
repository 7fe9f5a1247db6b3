import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { currentTimeZoneName } from '@shared/dates';
import { profileSchema, type SessionUser } from '@shared/schemas/auth';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useUpdateProfile } from '../api/use-update-profile';
import { timeZoneOptions } from './time-zones';

const FIELDS = ['fullName', 'email', 'username', 'timeZone'] as const;

export function ProfileCard({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  const zones = useMemo(() => timeZoneOptions(user.timeZone), [user.timeZone]);
  const form = useForm({
    resolver: zodResolver(profileSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      fullName: user.fullName ?? '',
      email: user.email,
      username: user.username,
      // An account saved under an old name ("Asia/Calcutta") shows, and saves, the current one.
      timeZone: currentTimeZoneName(user.timeZone),
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) =>
        form.reset({ fullName: saved.fullName ?? '', email: saved.email, username: saved.username, timeZone: saved.timeZone }),
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name, e-mail address and sign-in name.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Full name" error={errors.fullName?.message}>
              {(control) => <Input {...control} autoComplete="name" {...form.register('fullName')} />}
            </FormField>
            <FormField
              label="Email"
              error={errors.email?.message}
              labelAside={user.emailConfirmed ? null : <Badge variant="warning">Not confirmed</Badge>}
              hint={
                user.emailConfirmed
                  ? 'A new address gets a confirmation link; mail goes to it once it is confirmed.'
                  : 'Open the link we sent to this address. Until then Firemark sends it no reminders, alerts or reports.'
              }
            >
              {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
            </FormField>
            <FormField label="Username" error={errors.username?.message}>
              {(control) => (
                <Input {...control} autoComplete="username" autoCapitalize="none" {...form.register('username')} />
              )}
            </FormField>
            <FormField
              label="Time zone"
              error={errors.timeZone?.message}
              hint="Decides what “today” means for due dates, overdue inspections and reminders."
            >
              {(control) => (
                <Select {...control} {...form.register('timeZone')}>
                  {zones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replaceAll('_', ' ')}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? (
                <>
                  <Spinner /> Saving...
                </>
              ) : (
                'Save Profile'
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

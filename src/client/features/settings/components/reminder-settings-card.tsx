import { useId, type ReactNode } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { PRO_PLAN_NAME } from '@shared/plans';
import { LEAD_TIME_DAYS, MAX_REMINDERS, reminderSettingsSchema, type ReminderSettings } from '@shared/schemas/reminder-settings';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useSubscription } from '@/lib/use-subscription';
import { useCanUpgrade } from '@/lib/upgrade-offer';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useNotificationSettings } from '../api/use-notification-settings';
import { useReminderSettings, useSaveReminderSettings } from '../api/use-reminder-settings';

const FIELDS = [
  'frequency',
  'leadTimeDays',
  'maxRemindersPerItem',
  'thirtyDayReminder',
  'sevenDayReminder',
  'dueDateReminder',
  'overdueReminder',
] as const;

type Toggle = 'thirtyDayReminder' | 'sevenDayReminder' | 'dueDateReminder' | 'overdueReminder';

function ToggleRow({ control, name, label, description }: { control: Control<ReminderSettings>; name: Toggle; label: string; description: string }) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            aria-describedby={`${id}-description`}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
    </li>
  );
}

/** Why the schedule cannot be changed now, and what to do about it. */
function Unavailable({ children }: { children: ReactNode }) {
  return <p className="rounded-md border bg-muted p-3 text-sm text-slate-700">{children}</p>;
}

function ReminderScheduleForm({ initial, disabled }: { initial: ReminderSettings; disabled: boolean }) {
  const save = useSaveReminderSettings();
  const form = useForm<ReminderSettings>({
    resolver: zodResolver(reminderSettingsSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const lead = form.watch('leadTimeDays');
  const leadDays =
    Number.isInteger(lead) && lead >= LEAD_TIME_DAYS.min && lead <= LEAD_TIME_DAYS.max ? `${lead} ${lead === 1 ? 'day' : 'days'}` : null;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => form.reset(saved),
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <fieldset disabled={disabled} className="space-y-6">
        <fieldset>
          <legend className="mb-3 text-sm font-medium">Which reminders to send</legend>
          <ul className="divide-y">
            <ToggleRow control={form.control} name="thirtyDayReminder" label="30 days before" description="A first notice a month before the due date." />
            <ToggleRow
              control={form.control}
              name="sevenDayReminder"
              label={leadDays ? `${leadDays} before` : 'Lead time before'}
              description="A second notice, as many days before the due date as the lead time below."
            />
            <ToggleRow control={form.control} name="dueDateReminder" label="On the due date" description="A notice on the morning the inspection is due." />
            <ToggleRow
              control={form.control}
              name="overdueReminder"
              label="When overdue"
              description="Repeated as set below until the inspection is completed or rescheduled."
            />
          </ul>
        </fieldset>
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField
            label="Lead time (days)"
            error={errors.leadTimeDays?.message}
            hint={`How many days before the due date the second reminder comes, ${LEAD_TIME_DAYS.min} to ${LEAD_TIME_DAYS.max}.`}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={LEAD_TIME_DAYS.min}
                max={LEAD_TIME_DAYS.max}
                {...form.register('leadTimeDays', { valueAsNumber: true })}
              />
            )}
          </FormField>
          <FormField label="Repeat overdue reminders" error={errors.frequency?.message} hint="How long to wait before the next overdue reminder.">
            {(control) => (
              <Select {...control} {...form.register('frequency')}>
                <option value="daily">Every day</option>
                <option value="weekly">Every week</option>
                <option value="custom">{leadDays ? `Every ${leadDays} (the lead time)` : 'Every lead time'}</option>
              </Select>
            )}
          </FormField>
          <FormField
            label="Overdue reminders, at most"
            error={errors.maxRemindersPerItem?.message}
            hint={`How many overdue reminders one inspection gets before they stop, ${MAX_REMINDERS.min} to ${MAX_REMINDERS.max}.`}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={MAX_REMINDERS.min}
                max={MAX_REMINDERS.max}
                {...form.register('maxRemindersPerItem', { valueAsNumber: true })}
              />
            )}
          </FormField>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? (
              <>
                <Spinner /> Saving...
              </>
            ) : (
              'Save Reminder Schedule'
            )}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

export function ReminderSettingsCard() {
  const settings = useReminderSettings();
  const notifications = useNotificationSettings();
  const subscription = useSubscription();
  const isFree = subscription.isLoaded && !subscription.isPremium;
  const canUpgrade = useCanUpgrade();
  const remindersOff = notifications.data?.emailInspectionReminders === false;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Reminder Schedule</CardTitle>
        <CardDescription>
          When Firemark e-mails you about an open inspection. Reminders go out from 7 in the morning in your time zone, to you and, in copy, to the
          property's manager.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {isFree ? (
          <Unavailable>
            Reminder e-mails are part of {PRO_PLAN_NAME}.{' '}
            {canUpgrade ? (
              <>
                <Link to="/billing" className="font-medium text-primary underline underline-offset-4">
                  Upgrade
                </Link>{' '}
                to have them sent on this schedule.
              </>
            ) : (
              'Only an owner can upgrade the organisation: ask one of its owners.'
            )}
          </Unavailable>
        ) : remindersOff ? (
          <Unavailable>
            Inspection reminders are switched off under Notification Preferences. Switch them on to choose when they come.
          </Unavailable>
        ) : null}
        {settings.isPending ? (
          <LoadingState message="Loading reminder schedule..." className="py-6" />
        ) : settings.isError ? (
          <FormAlert>Could not load your reminder schedule. Please refresh the page.</FormAlert>
        ) : (
          <ReminderScheduleForm initial={settings.data} disabled={isFree || remindersOff} />
        )}
      </CardContent>
    </Card>
  );
}

import { useId } from 'react';
import type { NotificationSettings } from '@shared/schemas/auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { Button } from '@/components/ui/button';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { usePermissions } from '@/lib/use-permissions';
import { useSendTestEmail } from '../api/use-send-test-email';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/use-notification-settings';

const OPTIONS: { key: keyof NotificationSettings; label: string; description: string }[] = [
  {
    key: 'emailInspectionReminders',
    label: 'Inspection reminders',
    description: 'E-mails before an inspection is due and while it is overdue (Firemark Pro).',
  },
  {
    key: 'emailComplianceAlerts',
    label: 'Compliance alerts',
    description: 'E-mails when a property needs action to stay compliant.',
  },
  {
    key: 'emailReportGeneration',
    label: 'Report generation',
    description: 'E-mails when a compliance report is ready to download.',
  },
  {
    key: 'emailMonthlySummary',
    label: 'Monthly portfolio summary',
    description:
      'On the first day of each month, the last month in figures: compliance, inspections on time, deficiencies opened and closed, overdue items, with a link to the PDF. For owners and admins.',
  },
  {
    key: 'emailNewFeatures',
    label: 'New features and updates',
    description: 'Occasional news about improvements to Firemark.',
  },
];

function SettingRow({
  label,
  description,
  checked,
  onCheckedChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-description`} checked={checked} onCheckedChange={onCheckedChange} />
    </li>
  );
}

export function NotificationsCard() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const testEmail = useSendTestEmail();
  const { can } = usePermissions();
  // Only owners and admins receive it (the server refuses anyone else switching it on); one who has it on can always switch it off.
  const shown = (key: keyof NotificationSettings) => key !== 'emailMonthlySummary' || can('insight.summaryMail') || settings.data?.emailMonthlySummary === true;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notification Preferences</CardTitle>
        <CardDescription>Choose which e-mails Firemark sends you. Changes are saved at once.</CardDescription>
        <p className="text-sm text-muted-foreground">
          In a team, reminders and alerts about a property go to the owners, the admins and the managers who have that property, and
          reminders also to the inspector assigned, each by their own switches here. A report e-mail goes to whoever made the report.
        </p>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <LoadingState message="Loading notification settings..." className="py-6" />
        ) : settings.isError ? (
          <FormAlert>Could not load your notification settings. Please refresh the page.</FormAlert>
        ) : (
          <ul className="divide-y">
            {OPTIONS.filter((option) => shown(option.key)).map((option) => (
              <SettingRow
                key={option.key}
                label={option.label}
                description={option.description}
                checked={settings.data[option.key]}
                onCheckedChange={(checked) => update.mutate({ ...settings.data, [option.key]: checked })}
              />
            ))}
          </ul>
        )}
        <div className="mt-6 flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">Not receiving Firemark e-mails? Send yourself a test message.</p>
          <Button variant="outline" onClick={() => testEmail.mutate()} disabled={testEmail.isPending}>
            {testEmail.isPending ? (
              <>
                <Spinner /> Sending...
              </>
            ) : (
              'Send Test Email'
            )}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

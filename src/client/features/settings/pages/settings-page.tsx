import { CalendarDays } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/app/auth-context';
import { ApiTokensCard } from '../components/api-tokens-card';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { NotificationsCard } from '../components/notifications-card';
import { PasswordCard } from '../components/password-card';
import { ProfileCard } from '../components/profile-card';
import { ReminderSettingsCard } from '../components/reminder-settings-card';
import { WebhooksCard } from '../components/webhooks-card';
import { InspectorsCard } from '@/features/records/components/inspectors-card';

export default function SettingsPage() {
  useDocumentTitle('Account Settings');
  const { user } = useAuth();
  if (!user) return null;

  const memberSince = formatDate(user.createdAt);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Account Settings"
        description={
          memberSince ? (
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4" />
              Member since {memberSince}
            </span>
          ) : (
            'Manage your profile, password and notifications.'
          )
        }
      />
      <div className="space-y-6">
        <ProfileCard user={user} />
        <PasswordCard username={user.username} />
        <NotificationsCard />
        <ReminderSettingsCard />
        <CalendarFeedCard />
        <ApiTokensCard />
        <WebhooksCard />
        <InspectorsCard />
      </div>
    </div>
  );
}

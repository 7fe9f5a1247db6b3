import type { ReactNode } from 'react';
import { CalendarDays } from 'lucide-react';
import { formatDate } from '@/lib/format-date';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePermissions } from '@/lib/use-permissions';
import type { Action } from '@shared/permissions';
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
import { OrganizationCard } from '@/features/organizations/components/organization-card';
import { OrganizationHistoryCard } from '@/features/history/components/organization-history-card';
import { MembersCard } from '@/features/members/components/members-card';
import { TagPagesCard } from '@/features/tags/components/tag-pages-card';
import { OfflinePropertiesList } from '@/offline/offline-properties-list';
import type { SessionUser } from '@shared/schemas/auth';

/**
 * The page's sections, in order, each with the id its menu link jumps to and, for the
 * organisation's settings, the action a role needs to be shown it at all.
 */
const SECTIONS: { id: string; label: string; permission?: Action; personal?: true; render: (user: SessionUser) => ReactNode }[] = [
  { id: 'profile', label: 'Profile', personal: true, render: (user) => <ProfileCard user={user} /> },
  { id: 'password', label: 'Password', personal: true, render: (user) => <PasswordCard username={user.username} /> },
  { id: 'notifications', label: 'Notifications', personal: true, render: () => <NotificationsCard /> },
  { id: 'offline', label: 'On this device', personal: true, render: () => <OfflinePropertiesList /> },
  { id: 'organization', label: 'Organisation', render: () => <OrganizationCard /> },
  { id: 'members', label: 'Members', permission: 'members.manage', render: () => <MembersCard /> },
  { id: 'reminders', label: 'Reminder schedule', permission: 'settings.manage', render: () => <ReminderSettingsCard /> },
  { id: 'calendar-feed', label: 'Calendar feed', permission: 'settings.manage', render: () => <CalendarFeedCard /> },
  { id: 'tag-pages', label: 'Public tag pages', permission: 'settings.manage', render: () => <TagPagesCard /> },
  { id: 'api-tokens', label: 'API tokens', permission: 'apiTokens.manage', render: () => <ApiTokensCard /> },
  { id: 'webhooks', label: 'Webhooks', permission: 'webhooks.manage', render: () => <WebhooksCard /> },
  { id: 'inspectors', label: 'Inspectors', render: () => <InspectorsCard /> },
  { id: 'history', label: 'History', permission: 'history.organization', render: () => <OrganizationHistoryCard /> },
];

const linkClass =
  'block rounded-md px-3 py-2 text-sm font-medium text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export default function SettingsPage() {
  useDocumentTitle('Account Settings');
  const { user } = useAuth();
  const { can } = usePermissions();
  if (!user) return null;
  // In no organisation (its last one was deleted or left): only the person's own settings.
  const sections =
    user.organization === null
      ? SECTIONS.filter((section) => section.personal)
      : SECTIONS.filter((section) => !section.permission || can(section.permission));

  const memberSince = formatDate(user.createdAt);
  return (
    <div className="mx-auto max-w-3xl lg:max-w-5xl">
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
      {/* Up to ten sections are a long page: a menu of them goes first (beside them on a wide screen, and stays in view). */}
      <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <nav id="settings-menu" aria-label="Settings sections" className="mb-6 rounded-lg border bg-background p-2 scroll-mt-20 lg:sticky lg:top-20 lg:mb-0">
          <ul className="grid grid-cols-2 gap-1 lg:grid-cols-1">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={linkClass}>
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-6">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-label={section.label} className="scroll-mt-20 space-y-2">
              {section.render(user)}
              <p className="text-right lg:hidden">
                <a href="#settings-menu" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                  Back to the settings menu
                </a>
              </p>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

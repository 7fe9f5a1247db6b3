import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { MD_UP, useMediaQuery } from '@/lib/use-media-query';
import { usePermissions } from '@/lib/use-permissions';
import { OrganizationSummary } from '@/features/organizations/components/organization-summary';
import { useAuth } from '../auth-context';
import { Brand } from '@/components/brand';
import { LogoutButton } from './logout-button';
import { SideNavLinks } from './side-nav-links';
import { UserSummary } from './user-summary';

// The organisation menu (Radix's menu code) loads only where the sidebar shows, on a wide screen;
// a phone reaches it through its own menu, which loads it when opened.
const OrganizationSwitcher = lazy(() =>
  import('@/features/organizations/components/organization-switcher').then((m) => ({ default: m.OrganizationSwitcher })),
);

function SidebarOrganization() {
  const permissions = usePermissions();
  const wide = useMediaQuery(MD_UP);
  // Until the menu's code is here, the same name and role, so nothing moves when it arrives.
  const placeholder = permissions.organization ? (
    <div className="flex w-full min-w-0 items-center gap-3 rounded-md border bg-background px-3 py-2">
      <OrganizationSummary permissions={permissions} />
    </div>
  ) : null;
  if (!wide) return null;
  return (
    <Suspense fallback={placeholder}>
      <OrganizationSwitcher />
    </Suspense>
  );
}

export function Sidebar() {
  const { user } = useAuth();
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r bg-background md:flex">
      <div className="flex h-16 items-center border-b px-5">
        <Link
          to="/dashboard"
          aria-label="Firemark home"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Brand />
        </Link>
      </div>
      <div className="border-b p-3">
        <SidebarOrganization />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
        <SideNavLinks />
      </nav>
      <div className="space-y-2 border-t p-3">
        <div className="px-2 py-1">
          <UserSummary user={user} />
        </div>
        <LogoutButton />
      </div>
    </aside>
  );
}

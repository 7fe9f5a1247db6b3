import { Link } from 'react-router';
import { useAuth } from '../auth-context';
import { Brand } from '@/components/brand';
import { OrganizationSwitcher } from '@/features/organizations/components/organization-switcher';
import { LogoutButton } from './logout-button';
import { SideNavLinks } from './side-nav-links';
import { UserSummary } from './user-summary';

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
        <OrganizationSwitcher />
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

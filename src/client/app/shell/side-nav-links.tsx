import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { usePermissions } from '@/lib/use-permissions';
import { mainNavFor } from './nav-items';

/** The main entries for the caller's role, shared by the desktop sidebar and the mobile menu. */
export function SideNavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const items = mainNavFor(usePermissions());
  return (
    <ul className="space-y-1">
      {items.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <NavLink
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                isActive ? 'bg-accent text-accent-foreground' : 'text-slate-700 hover:bg-muted hover:text-foreground',
              )
            }
          >
            <Icon aria-hidden="true" className="size-5" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

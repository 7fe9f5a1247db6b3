import { Building2, ChartColumn, ClipboardCheck, ClipboardList, CreditCard, FileText, LayoutDashboard, Settings, UserRound, type LucideIcon } from 'lucide-react';
import type { Permissions } from '@/lib/use-permissions';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export const MAIN_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/properties', label: 'Properties', icon: Building2 },
  { to: '/inspections', label: 'Inspections', icon: ClipboardCheck },
  { to: '/reports', label: 'Reports', icon: FileText },
  { to: '/insight', label: 'Insight', icon: ChartColumn },
  { to: '/billing', label: 'Billing', icon: CreditCard },
  { to: '/settings', label: 'Settings', icon: Settings },
];

/** The phone's tab bar holds five; the rest (Insight, Billing) are in its menu. */
export const TAB_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/properties', label: 'Properties', icon: Building2 },
  { to: '/inspections', label: 'Inspections', icon: ClipboardCheck },
  { to: '/reports', label: 'Reports', icon: FileText },
  { to: '/settings', label: 'Profile', icon: UserRound },
];

const MY_INSPECTIONS: NavItem = { to: '/my-inspections', label: 'My inspections', icon: ClipboardList };

/**
 * The entries for the caller's role: an inspector's home is their own inspections instead of
 * the dashboard, and Billing is only for those who manage it.
 */
export function mainNavFor(permissions: Permissions): readonly NavItem[] {
  return MAIN_NAV.flatMap((item) => {
    if (item.to === '/dashboard' && permissions.role === 'inspector') return [MY_INSPECTIONS];
    if (item.to === '/billing' && !permissions.can('billing.manage')) return [];
    return [item];
  });
}

export function tabNavFor(permissions: Permissions): readonly NavItem[] {
  return TAB_NAV.map((item) => (item.to === '/dashboard' && permissions.role === 'inspector' ? MY_INSPECTIONS : item));
}

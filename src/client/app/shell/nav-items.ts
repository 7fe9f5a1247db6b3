import { Building2, ClipboardCheck, CreditCard, FileText, LayoutDashboard, Settings, UserRound, type LucideIcon } from 'lucide-react';

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
  { to: '/billing', label: 'Billing', icon: CreditCard },
  { to: '/settings', label: 'Settings', icon: Settings },
];

export const TAB_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/properties', label: 'Properties', icon: Building2 },
  { to: '/inspections', label: 'Inspections', icon: ClipboardCheck },
  { to: '/reports', label: 'Reports', icon: FileText },
  { to: '/settings', label: 'Profile', icon: UserRound },
];

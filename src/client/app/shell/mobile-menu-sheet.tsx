import type { RefObject } from 'react';
import { useAuth } from '../auth-context';
import { Brand } from '@/components/brand';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { OrganizationSwitcher } from '@/features/organizations/components/organization-switcher';
import { LogoutButton } from './logout-button';
import { SideNavLinks } from './side-nav-links';
import { UserSummary } from './user-summary';

interface MobileMenuSheetProps {
  /** The menu button, which gets focus back when the menu closes. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The phone menu's sheet: every section, the account and Log Out. Loaded on first opening (mobile-menu.tsx). */
export default function MobileMenuSheet({ buttonRef, open, onOpenChange }: MobileMenuSheetProps) {
  const { user } = useAuth();
  const close = () => onOpenChange(false);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          buttonRef.current?.focus();
        }}
      >
        <div className="flex h-16 items-center border-b px-5">
          <SheetTitle>
            <Brand />
            <span className="sr-only"> menu</span>
          </SheetTitle>
          <SheetDescription className="sr-only">Go to a section of Firemark, switch organisation or log out.</SheetDescription>
        </div>
        <div className="border-b p-3">
          <OrganizationSwitcher onDone={close} />
        </div>
        <nav aria-label="Mobile" className="flex-1 overflow-y-auto p-3">
          <SideNavLinks onNavigate={close} />
        </nav>
        <div className="space-y-2 border-t p-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]">
          <div className="px-2 py-1">
            <UserSummary user={user} />
          </div>
          <LogoutButton onDone={close} />
        </div>
      </SheetContent>
    </Sheet>
  );
}

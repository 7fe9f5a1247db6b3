import { useState } from 'react';
import { Menu } from 'lucide-react';
import { useAuth } from '../auth-context';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { LogoutButton } from './logout-button';
import { SideNavLinks } from './side-nav-links';
import { UserSummary } from './user-summary';

export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const { user } = useAuth();
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left">
        <div className="flex h-16 items-center border-b px-5">
          <SheetTitle>
            <Brand />
            <span className="sr-only"> menu</span>
          </SheetTitle>
          <SheetDescription className="sr-only">Go to a section of Firemark or log out.</SheetDescription>
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

import { useState } from 'react';
import { CircleHelp } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { lazyDialog } from '@/lib/lazy-dialog';
import { MobileMenu } from './mobile-menu';
import { NotificationsButton } from './notifications-button';
import { SearchBox } from './search-box';
import { SyncStatus } from './sync-status';

// The help dialog (FAQ, contact form) loads when first opened, not with every signed-in page.
const HelpDialog = lazyDialog(() => import('@/features/support/components/help-dialog').then((m) => m.HelpDialog));

/** `inOrganization` false: the person is in no organisation, so there is nothing to search or be notified of. */
export function TopBar({ inOrganization = true }: { inOrganization?: boolean }) {
  const [helpOpen, setHelpOpen] = useState(false);
  return (
    <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-16 items-center gap-2 px-3 sm:px-4 md:px-6">
        <MobileMenu />
        <Link
          to="/dashboard"
          aria-label="Firemark home"
          className="hidden rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:inline-flex md:hidden"
        >
          <Brand />
        </Link>
        <div className="flex min-w-0 flex-1 justify-end md:justify-start">
          {inOrganization ? <SearchBox /> : null}
        </div>
        <div className="flex items-center gap-1">
          <SyncStatus />
          {inOrganization ? <NotificationsButton /> : null}
          <Tooltip content="Get help">
            <Button variant="ghost" size="icon" aria-label="Help" onClick={() => setHelpOpen(true)}>
              <CircleHelp aria-hidden="true" className="size-5" />
            </Button>
          </Tooltip>
        </div>
      </div>
      <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </header>
  );
}

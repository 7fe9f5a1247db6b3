import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MD_UP, useMediaQuery } from '@/lib/use-media-query';
import { usePermissions } from '@/lib/use-permissions';
import { useAuth } from '@/app/auth-context';
import { NoOrganization } from '@/features/organizations/components/no-organization';
import { LoadingState } from '@/components/ui/spinner';
import { BottomTabBar } from './bottom-tab-bar';
import { EmailConfirmationBanner } from './email-confirmation-banner';
import { FreePlanBanner } from './free-plan-banner';
import { UpgradePromptClaims } from '@/lib/upgrade-prompt-claim';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

export default function AppShell() {
  // Keyed by the organisation in use: a switch draws every part of the shell and page afresh,
  // so nothing of the organisation before stays on screen (the cache is emptied with it).
  const { organization } = usePermissions();
  // Known to be in none (null, not merely not yet read): no page of an organisation can answer.
  const inNone = useAuth().user?.organization === null;
  // Their own settings (profile, password, notifications) stay theirs to change.
  const personalPage = useLocation().pathname === '/settings';
  // The sidebar shows on a wide screen and the tab bar on a phone: each is drawn only where it
  // shows, so a phone's first screen does not build the hundred hidden elements of the other.
  const wide = useMediaQuery(MD_UP);
  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:ring-2 focus:ring-ring"
      >
        Skip to main content
      </a>
      <div key={organization?.id} className="min-h-dvh bg-slate-50">
        {wide ? <Sidebar /> : null}
        <div className="flex min-h-dvh flex-col md:pl-64">
          <TopBar inOrganization={!inNone} />
          {/* Bottom padding keeps the last of the content clear of the phone tab bar. */}
          <main
            id="main-content"
            tabIndex={-1}
            className="flex-1 px-4 pb-[calc(5.5rem+env(safe-area-inset-bottom))] pt-6 focus:outline-none sm:px-6 md:px-8 md:pb-10 md:pt-8"
          >
            <EmailConfirmationBanner />
            {inNone && personalPage ? (
              <Suspense fallback={<LoadingState />}>
                <Outlet />
              </Suspense>
            ) : inNone ? (
              <NoOrganization />
            ) : (
              <UpgradePromptClaims>
                <FreePlanBanner>
                  <Suspense fallback={<LoadingState />}>
                    <Outlet />
                  </Suspense>
                </FreePlanBanner>
              </UpgradePromptClaims>
            )}
          </main>
        </div>
        {wide ? null : <BottomTabBar />}
      </div>
    </>
  );
}

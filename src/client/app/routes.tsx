import { lazy, Suspense, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@shared/permissions';
import { matchPath, Route, Routes } from 'react-router';
import { sessionAtLoad } from '@/features/auth/api/session';
import { queryClient } from '@/lib/query-client';
import { awaitOnFirstScreen } from './first-screen';
import { lazyComponent } from '@/lib/lazy-component';
import { dashboardRedirectFor } from '@/lib/home-for-role';
import { FullPageLoader } from './full-page-loader';
import { HomeRoute } from './home-route';
import { loadAppShell, ProtectedRoute } from './protected-route';

interface PageRoute {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * Asks for the page's first data, given the URL's query string and the path's parameters
   * (signed-in pages); resolves when it has answered.
   */
  prefetch?: (client: QueryClient, params: URLSearchParams, path: Record<string, string | undefined>) => Promise<unknown>;
  /** Where the page sends a caller of this role instead (an inspector's dashboard): that page's data is asked for, not this one's. */
  redirectFor?: (role: Role | null | undefined) => string | undefined;
}

// One chunk per page, so each screen downloads only what it needs.
const PUBLIC_PAGES: PageRoute[] = [
  { path: '/auth/login', load: () => import('@/features/auth/pages/login-page') },
  { path: '/auth/signup', load: () => import('@/features/auth/pages/signup-page') },
  { path: '/forgot-password', load: () => import('@/features/auth/pages/forgot-password-page') },
  { path: '/reset-password', load: () => import('@/features/auth/pages/reset-password-page') },
  { path: '/confirm-email', load: () => import('@/features/auth/pages/confirm-email-page') },
  { path: '/mail/confirm', load: () => import('@/features/mail/pages/mail-confirm-page') },
  { path: '/mail/unsubscribe', load: () => import('@/features/mail/pages/mail-unsubscribe-page') },
  { path: '/verify/:id', load: () => import('@/features/verify/pages/verify-page') },
  // A device label's QR code: the device's page for a member, its public tag page for anyone else.
  { path: '/t/:tag', load: () => import('@/features/tags/pages/tag-page') },
  { path: '/invitations/:token', load: () => import('@/features/members/pages/accept-invitation-page') },
  { path: '/share/:token', load: () => import('@/features/share-links/pages/share-page') },
];

const SIGNED_IN_PAGES: PageRoute[] = [
  {
    path: '/dashboard',
    load: () => import('@/features/dashboard/pages/dashboard-page'),
    redirectFor: dashboardRedirectFor,
    prefetch: (client, params) => import('@/features/dashboard/api/dashboard-queries').then((m) => m.prefetchDashboard(client, params)),
  },
  {
    path: '/properties',
    load: () =>
      Promise.all([
        import('@/features/properties/pages/properties-page'),
        import('@/features/properties/components/lazy-property-table').then((m) => m.loadPropertyTableIfWide()),
      ]).then(([page]) => page),
    prefetch: (client, params) => import('@/features/properties/api/properties-page-query').then((m) => m.prefetchPropertiesPage(client, params)),
  },
  { path: '/properties/new', load: () => import('@/features/properties/pages/new-property-page') },
  {
    path: '/properties/past-inspections',
    load: () => import('@/features/inspection-history/pages/past-inspections-page'),
    prefetch: (client, params) => import('@/features/inspection-history/api/last-done-queries').then((m) => m.prefetchLastDone(client, params)),
  },
  {
    path: '/properties/:id',
    load: () => import('@/features/properties/pages/property-details-page'),
    prefetch: (client, params, path) => import('@/features/properties/api/property-page-query').then((m) => m.prefetchPropertyPage(client, path.id, params)),
  },
  {
    path: '/inspections',
    load: () => import('@/features/inspections/pages/inspections-page'),
    prefetch: (client, params) => import('@/features/inspections/api/inspection-browser-query').then((m) => m.prefetchInspectionsPage(client, params)),
  },
  {
    path: '/inspections/upcoming',
    load: () => import('@/features/inspections/pages/upcoming-inspections-page'),
    prefetch: (client, params) => import('@/features/inspections/api/inspection-browser-query').then((m) => m.prefetchUpcomingPage(client, params)),
  },
  { path: '/inspections/new', load: () => import('@/features/inspections/pages/new-inspection-page') },
  { path: '/inspections/activity-review', load: () => import('@/features/activity-review/pages/activity-review-page') },
  { path: '/my-inspections', load: () => import('@/features/inspections/pages/my-inspections-page') },
  {
    path: '/inspections/:id',
    load: () => import('@/features/inspections/pages/inspection-details-page'),
    prefetch: (client, _params, path) => import('@/features/inspections/api/use-inspection').then((m) => m.prefetchInspectionPage(client, path.id)),
  },
  {
    path: '/devices/:id',
    load: () => import('@/features/devices/pages/device-page'),
    prefetch: (client, _params, path) => import('@/features/devices/api/device-queries').then((m) => m.prefetchDevicePage(client, path.id)),
  },
  {
    path: '/insight',
    load: () => import('@/features/insight/pages/insight-page'),
    prefetch: (client, params) => import('@/features/insight/api/insight-queries').then((m) => m.prefetchInsight(client, params)),
  },
  {
    path: '/deficiencies',
    load: () => import('@/features/deficiencies/pages/deficiencies-page'),
    prefetch: (client, params) => import('@/features/deficiencies/api/deficiency-list-query').then((m) => m.prefetchDeficiencyList(client, params)),
  },
  { path: '/reports', load: () => import('@/features/reports/pages/reports-page') },
  // What this device still holds for the server (docs/offline.md).
  { path: '/sync', load: () => import('@/features/sync/pages/sync-page') },
  { path: '/billing', load: () => import('@/features/billing/pages/billing-page') },
  { path: '/billing/success', load: () => import('@/features/billing/pages/billing-success-page') },
  { path: '/billing/cancelled', load: () => import('@/features/billing/pages/billing-cancelled-page') },
  {
    path: '/walkthroughs/:id',
    load: () => import('@/features/walkthroughs/pages/walkthrough-page'),
    prefetch: (client, _params, path) => import('@/features/walkthroughs/api/walkthrough-queries').then((m) => m.prefetchWalkthroughPage(client, path.id)),
  },
  { path: '/settings', load: () => import('@/features/settings/pages/settings-page') },
];

const NotFoundPage = lazy(() => import('./not-found-page'));

const pageComponents = new Map([...PUBLIC_PAGES, ...SIGNED_IN_PAGES].map((route) => [route, lazyComponent(route.load, route.path)] as const));
const element = (route: PageRoute) => {
  const { Component: Page } = pageComponents.get(route)!;
  return <Page />;
};

// Static paths first: "/properties/new" is a page of its own, not a property's id.
const SIGNED_IN_BY_SPECIFICITY = [...SIGNED_IN_PAGES].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));

/**
 * The signed-in page at this path, with the path's parameters (a property's id). "/" reaches the
 * app only with a session cookie (the landing page is prerendered), so it opens the dashboard.
 */
function signedInPageAt(pathname: string): { route: PageRoute; pathParams: Record<string, string | undefined> } | undefined {
  const path = pathname === '/' ? '/dashboard' : pathname;
  for (const route of SIGNED_IN_BY_SPECIFICITY) {
    const match = matchPath(route.path, path);
    if (match) return { route, pathParams: match.params };
  }
  return undefined;
}

/** The page a caller of this role ends on at this path: the page itself, or where it sends them. */
function pageShownAt(pathname: string, role: Role | null | undefined) {
  const page = signedInPageAt(pathname);
  const elsewhere = page?.route.redirectFor?.(role);
  return elsewhere ? (signedInPageAt(elsewhere) ?? page) : page;
}

/**
 * Starts downloading what the first page needs while the session is being checked, instead of
 * after: the page's chunk and, for a signed-in page, the shell, and once the session is known
 * to be live, the shell's and the page's first data, so they are not asked for only after the
 * page has rendered. The app draws a signed-in first screen once that code and data have
 * arrived (first-screen.ts).
 */
export function preloadFirstPage({ pathname, search }: { pathname: string; search: string }): void {
  const signedIn = signedInPageAt(pathname);
  if (signedIn) {
    const { route, pathParams } = signedIn;
    const code = Promise.all([loadAppShell(), pageComponents.get(route)!.load()]);
    // Not before the session is known: after it has ended, each would only answer 401. And for
    // the page the caller's role is shown: an inspector's /dashboard is My inspections.
    const data = sessionAtLoad().then((user) => {
      if (!user) return undefined;
      const shown = pageShownAt(pathname, user.organization?.role) ?? { route, pathParams };
      return Promise.all([
        import('./shell/shell-queries').then((m) => m.prefetchShell(queryClient)),
        shown.route === route ? undefined : pageComponents.get(shown.route)!.load(),
        shown.route.prefetch?.(queryClient, new URLSearchParams(search), shown.pathParams),
      ]);
    });
    awaitOnFirstScreen(Promise.all([code, data]));
    return;
  }
  const visitorsPage = PUBLIC_PAGES.find((route) => matchPath(route.path, pathname));
  if (visitorsPage) void pageComponents.get(visitorsPage)!.load();
}

/**
 * For a signed-in navigation within the app: asks for the page's first data as its code starts
 * downloading, rather than once the code has arrived and the page has rendered, so a page not
 * yet visited costs one wait instead of two. The page's own queries then take the answers (the
 * same query options), and an answer still fresh in the cache is not asked for again.
 */
export function preloadSignedInPage({ pathname, search }: { pathname: string; search: string }, role: Role | null | undefined): void {
  const signedIn = pageShownAt(pathname, role);
  if (!signedIn) return;
  const { route, pathParams } = signedIn;
  // A chunk that fails to load is the page's to show (its error boundary), not this preload's.
  pageComponents.get(route)!.load().catch(() => undefined);
  route.prefetch?.(queryClient, new URLSearchParams(search), pathParams).catch(() => undefined);
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Routes>
        <Route path="/" element={<HomeRoute />} />
        {PUBLIC_PAGES.map((route) => (
          <Route key={route.path} path={route.path} element={element(route)} />
        ))}
        <Route element={<ProtectedRoute />}>
          {SIGNED_IN_PAGES.map((route) => (
            <Route key={route.path} path={route.path} element={element(route)} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

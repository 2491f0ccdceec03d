import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { GuestGuard } from './guards/guest-guard.tsx';
import { lazyScreen } from './lazy-screen.ts';
import { prefetchRouteData } from './route-preload.ts';
import LoginRoute from './routes/login.tsx';

// /login is in the entry chunk: it paints with nothing more to fetch. Every other screen has its own
// chunk, and so have the signed-in shell and each guard, so /login loads none of them. The app starts
// downloading every chunk a path needs at once (see main.tsx and AppRoutes below).
const layout = lazyScreen(() => import('./layout/app-layout.tsx'));
const sessionGuard = lazyScreen(() => import('./guards/session-guard.tsx').then((m) => ({ default: m.SessionGuard })));
const adminGuard = lazyScreen(() => import('./guards/admin-guard.tsx').then((m) => ({ default: m.AdminGuard })));
const dashboard = lazyScreen(() => import('./routes/dashboard.tsx'));
const profile = lazyScreen(() => import('./routes/profile.tsx'));
const account = lazyScreen(() => import('./routes/account.tsx'));
const confirmPasskey = lazyScreen(() => import('./routes/confirm-passkey.tsx'));
const manage = lazyScreen(() => import('./routes/manage.tsx'));
const manageGroup = lazyScreen(() => import('./routes/manage-group.tsx'));
const swcConsents = lazyScreen(() => import('./routes/swc-consents.tsx'));
const admin = lazyScreen(() => import('./routes/admin.tsx'));
const adminApps = lazyScreen(() => import('./routes/admin-apps.tsx'));
const adminAppPage = lazyScreen(() => import('./routes/admin-app-page.tsx'));
const adminUsers = lazyScreen(() => import('./routes/admin-users.tsx'));
const adminUserPage = lazyScreen(() => import('./routes/admin-user-page.tsx'));
const adminAccess = lazyScreen(() => import('./routes/admin-access.tsx'));
const adminCentralGrants = lazyScreen(() => import('./routes/admin-central-grants.tsx'));
const adminJwts = lazyScreen(() => import('./routes/admin-jwts.tsx'));
const adminSwc = lazyScreen(() => import('./routes/admin-swc.tsx'));
const adminSyncScreen = lazyScreen(() => import('./routes/admin-sync.tsx'));
const adminActivity = lazyScreen(() => import('./routes/admin-activity.tsx'));
const adminGroups = lazyScreen(() => import('./routes/admin-groups.tsx'));
const adminGroupPage = lazyScreen(() => import('./routes/admin-group-page.tsx'));
const adminDiscord = lazyScreen(() => import('./routes/admin-discord.tsx'));
const adminStoredDataScreen = lazyScreen(() => import('./routes/admin-stored-data.tsx'));
const adminGalaxyMapScreen = lazyScreen(() => import('./routes/admin-galaxy-map.tsx'));

type Lazy = ReturnType<typeof lazyScreen>;

function screenRoute(path: string, { Screen, handle }: Lazy): RouteObject {
  return { path, element: <Screen />, handle };
}

/** A layout or guard route: renders an <Outlet /> around its children. */
function shellRoute({ Screen, handle }: Lazy, children: RouteObject[]): RouteObject {
  return { element: <Screen />, handle, children };
}

export const appRoutes: RouteObject[] = [
  {
    // A visitor who is already signed in is sent on to /dashboard.
    element: <GuestGuard />,
    children: [{ path: '/login', element: <LoginRoute /> }],
  },
  shellRoute(layout, [
    // Outside the session and admin guards: the screen says itself who may not use it.
    screenRoute('/admin/swc', adminSwc),
    shellRoute(sessionGuard, [
      screenRoute('/dashboard', dashboard),
      screenRoute('/profile', profile),
      screenRoute('/account', account),
      // An app that requires a passkey sends the player here to confirm one, then on.
      screenRoute('/confirm-passkey', confirmPasskey),
      // A group manager's console: the server answers only for the groups the player manages.
      screenRoute('/manage', manage),
      screenRoute('/manage/groups/:id', manageGroup),
      screenRoute('/swc/consents', swcConsents),
      shellRoute(adminGuard, [
        screenRoute('/admin', admin),
        screenRoute('/admin/apps', adminApps),
        screenRoute('/admin/apps/:id', adminAppPage),
        screenRoute('/admin/users', adminUsers),
        screenRoute('/admin/users/:id', adminUserPage),
        screenRoute('/admin/access', adminAccess),
        screenRoute('/admin/consents', adminCentralGrants),
        screenRoute('/admin/activity', adminActivity),
        screenRoute('/admin/groups', adminGroups),
        screenRoute('/admin/groups/:id', adminGroupPage),
        screenRoute('/admin/discord', adminDiscord),
      ]),
      // The JWT screen does no client-side role check: the server answers 403 to a non-admin.
      screenRoute('/admin/jwts', adminJwts),
    ]),
    // Outside the session and admin guards: the screen itself says 'not logged in' or 'no admin role'.
    screenRoute('/admin/radiant-mgmt', adminSyncScreen),
    screenRoute('/admin/radiant-mgmt/data', adminStoredDataScreen),
    screenRoute('/admin/radiant-mgmt/map', adminGalaxyMapScreen),
  ]),
  // Any unknown path (including /) redirects to /login.
  { path: '*', element: <Navigate to="/login" replace /> },
];

/**
 * The app's routes, in a <BrowserRouter> (or a <MemoryRouter> in tests). On every navigation the
 * matched routes' code and first requests start together, before their components ask for them.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => prefetchRouteData(appRoutes, pathname, queryClient), [pathname, queryClient]);
  const element = useRoutes(appRoutes);
  return <Suspense fallback={<CenteredLoader fullScreen />}>{element}</Suspense>;
}

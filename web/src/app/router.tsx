import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { AdminGuard } from './guards/admin-guard.tsx';
import { GuestGuard } from './guards/guest-guard.tsx';
import { SessionGuard } from './guards/session-guard.tsx';
import AppLayout from './layout/app-layout.tsx';
import { lazyScreen } from './lazy-screen.ts';

// One chunk per screen. The signed-in shell (header, footer) is in the entry chunk so it paints at
// once; the session guard inside it starts the matched screen's download while /api/me runs.
const login = lazyScreen(() => import('./routes/login.tsx'));
const dashboard = lazyScreen(() => import('./routes/dashboard.tsx'));
const profile = lazyScreen(() => import('./routes/profile.tsx'));
const swcConsents = lazyScreen(() => import('./routes/swc-consents.tsx'));
const admin = lazyScreen(() => import('./routes/admin.tsx'));
const adminApps = lazyScreen(() => import('./routes/admin-apps.tsx'));
const adminUsers = lazyScreen(() => import('./routes/admin-users.tsx'));
const adminAccess = lazyScreen(() => import('./routes/admin-access.tsx'));
const adminConsents = lazyScreen(() => import('./routes/admin-consents.tsx'));
const adminJwts = lazyScreen(() => import('./routes/admin-jwts.tsx'));
const adminSwc = lazyScreen(() => import('./routes/admin-swc.tsx'));
const adminRadiantMgmt = lazyScreen(() => import('./routes/admin-radiant-mgmt.tsx'));

function screenRoute(path: string, { Screen, handle }: ReturnType<typeof lazyScreen>): RouteObject {
  return { path, element: <Screen />, handle };
}

export const appRoutes: RouteObject[] = [
  {
    // A visitor who is already signed in is sent on to /dashboard.
    element: <GuestGuard />,
    children: [
      {
        path: '/login',
        element: (
          <Suspense fallback={<CenteredLoader fullScreen />}>
            <login.Screen />
          </Suspense>
        ),
      },
    ],
  },
  {
    element: <AppLayout />,
    children: [
      // Outside the session and admin guards: the screen says itself who may not use it.
      screenRoute('/admin/swc', adminSwc),
      {
        element: <SessionGuard />,
        children: [
          screenRoute('/dashboard', dashboard),
          screenRoute('/profile', profile),
          screenRoute('/swc/consents', swcConsents),
          {
            element: <AdminGuard />,
            children: [
              screenRoute('/admin', admin),
              screenRoute('/admin/apps', adminApps),
              screenRoute('/admin/users', adminUsers),
              screenRoute('/admin/access', adminAccess),
              screenRoute('/admin/consents', adminConsents),
            ],
          },
          // The JWT screen does no client-side role check: the server answers 403 to a non-admin.
          screenRoute('/admin/jwts', adminJwts),
        ],
      },
      // Outside the session and admin guards: the screen itself says 'not logged in' or 'no admin role'.
      screenRoute('/admin/radiant-mgmt', adminRadiantMgmt),
    ],
  },
  // Any unknown path (including /) redirects to /login.
  { path: '*', element: <Navigate to="/login" replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

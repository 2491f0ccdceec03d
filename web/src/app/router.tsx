import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader.tsx';
import { AdminGuard } from './guards/admin-guard.tsx';
import { SessionGuard } from './guards/session-guard.tsx';

// One chunk per screen (SPEC.md §2 routes), and one for the signed-in shell (header, user menu, footer),
// so /login paints without them.
const AppLayout = lazy(() => import('./layout/app-layout.tsx'));
const LoginRoute = lazy(() => import('./routes/login.tsx'));
const DashboardRoute = lazy(() => import('./routes/dashboard.tsx'));
const ProfileRoute = lazy(() => import('./routes/profile.tsx'));
const AdminRoute = lazy(() => import('./routes/admin.tsx'));
const AdminAppsRoute = lazy(() => import('./routes/admin-apps.tsx'));
const AdminUsersRoute = lazy(() => import('./routes/admin-users.tsx'));
const AdminAccessRoute = lazy(() => import('./routes/admin-access.tsx'));
const AdminConsentsRoute = lazy(() => import('./routes/admin-consents.tsx'));
const AdminJwtsRoute = lazy(() => import('./routes/admin-jwts.tsx'));

export const appRoutes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <Suspense fallback={<CenteredLoader fullScreen />}>
        <LoginRoute />
      </Suspense>
    ),
  },
  {
    element: <SessionGuard />,
    children: [
      {
        element: (
          <Suspense fallback={<CenteredLoader fullScreen />}>
            <AppLayout />
          </Suspense>
        ),
        children: [
          { path: '/dashboard', element: <DashboardRoute /> },
          { path: '/profile', element: <ProfileRoute /> },
          {
            element: <AdminGuard />,
            children: [
              { path: '/admin', element: <AdminRoute /> },
              { path: '/admin/apps', element: <AdminAppsRoute /> },
              { path: '/admin/users', element: <AdminUsersRoute /> },
              { path: '/admin/access', element: <AdminAccessRoute /> },
              { path: '/admin/consents', element: <AdminConsentsRoute /> },
            ],
          },
          // SPEC.md §6: the JWT screen does no client-side role check; the server answers 403.
          { path: '/admin/jwts', element: <AdminJwtsRoute /> },
        ],
      },
    ],
  },
  // SPEC.md §2: any unknown path (including /) redirects to /login.
  { path: '*', element: <Navigate to="/login" replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

/**
 * Every path the web app shows a screen at (web/src/app/router.tsx; web/src/app/screen-paths.test.ts
 * checks that the two agree). The server answers a GET for one of them with the page for any client
 * that takes HTML, curl's "any type" included; other paths get it only when the request asks for
 * `text/html`, as a browser's navigation does. A `:name` segment stands for any one segment (an id).
 */
export const SCREEN_PATHS: readonly string[] = [
  '/login',
  '/dashboard',
  '/profile',
  '/account',
  '/confirm-passkey',
  '/manage',
  '/manage/groups/:id',
  '/swc/consents',
  '/admin',
  '/admin/apps',
  '/admin/apps/:id',
  '/admin/users',
  '/admin/users/:id',
  '/admin/access',
  '/admin/consents',
  '/admin/jwts',
  '/admin/swc',
  '/admin/radiant-mgmt',
  '/admin/activity',
  '/admin/groups',
  '/admin/groups/:id',
  '/admin/discord',
  '/admin/radiant-mgmt/data',
  '/admin/radiant-mgmt/map',
];

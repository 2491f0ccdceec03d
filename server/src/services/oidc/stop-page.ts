import { messagePage } from '../../lib/message-page.ts';

/**
 * The one page a browser gets when a request to the OpenID Provider cannot go on (the library's
 * refusals, and the portal's own routes'): what happened in words, and the way to the dashboard.
 * Never a redirect: the app's return address cannot be trusted then.
 */
export function stopPage(publicUrl: string, page: { title: string; message: string }): string {
  return messagePage({ ...page, link: { href: `${publicUrl}/dashboard`, label: 'Go to the dashboard' } });
}

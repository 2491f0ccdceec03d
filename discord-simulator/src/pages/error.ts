import { esc } from './escape.ts';
import { page } from './layout.ts';

/** The page shown when the request cannot be trusted enough to redirect back (unknown client or redirect_uri). */
export function errorPage(heading: string, message: string): string {
  return page(
    'Discord — Authorization error',
    `<section class="error">
<h1>${esc(heading)}</h1>
<p>${esc(message)}</p>
<p>You were not sent back to the application. Close this page and tell the application's developer.</p>
</section>`,
  );
}

/** The product's name, on every page the service renders itself, so a player knows whose page this is. */
const PRODUCT_NAME = 'Industry Alignment Management Platform';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#0b1220;color:#e6ebf5;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:16px;box-sizing:border-box}
main{max-width:480px;width:100%;background:#131c2e;border:1px solid #24324d;border-radius:12px;padding:32px;box-shadow:0 10px 30px rgba(0,0,0,.35)}
h1{margin:0 0 12px;font-size:1.4rem}.product{margin:0 0 16px;color:#fab005;font-size:.875rem;font-weight:600}p{margin:0 0 24px;color:#b8c2d6;overflow-wrap:anywhere}
.btn{display:inline-block;background:#fab005;color:#1a1b1e;text-decoration:none;padding:10px 18px;border-radius:8px;border:0;font:inherit;font-weight:600;cursor:pointer}
.btn:focus-visible,.link:focus-visible{outline:3px solid #ffe066;outline-offset:2px}
form{display:flex;flex-wrap:wrap;align-items:center;gap:16px;margin:0}.link{color:#b8c2d6}
iframe{display:none}`;

function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${head}
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>${STYLE}</style></head>
<body><main role="main"><p class="product">${PRODUCT_NAME}</p>${body}</main></body></html>`;
}

/** Signing out of apps that asked for front-channel logout: their pages load hidden, then /login. */
export function frontChannelLogoutPage(urls: string[], nextUrl: string, nextLabel = 'Continue to sign-in'): string {
  const frames = urls.map((u) => `<iframe src="${escapeHtml(u)}" title="Signing out" aria-hidden="true"></iframe>`).join('');
  return page(
    'Signing you out',
    `<h1>Signing you out</h1><p>You are being signed out of ${urls.length} app${urls.length === 1 ? '' : 's'}.</p><a class="btn" href="${escapeHtml(nextUrl)}">${escapeHtml(nextLabel)}</a>${frames}`,
    `<meta http-equiv="refresh" content="3;url=${escapeHtml(nextUrl)}">`,
  );
}

/** The auth service's own pages (refused or failed sign-in): plain HTML, no script, a way back. */
export function messagePage(input: { title: string; message: string; link?: { href: string; label: string } }): string {
  const link = input.link ? `<a class="btn" href="${escapeHtml(input.link.href)}">${escapeHtml(input.link.label)}</a>` : '';
  return page(input.title, `<h1>${escapeHtml(input.title)}</h1><p>${escapeHtml(input.message)}</p>${link}`);
}

/**
 * A page for something that works again later: the time in UTC inside `<time datetime>` (the
 * script at `localTimeScript` rewrites it in the reader's time zone) and how long that is from now.
 */
export function tryLaterPage(input: {
  title: string;
  message: string;
  retryAt: { iso: string; utc: string; relative: string };
  localTimeScript: string;
  link: { href: string; label: string };
}): string {
  const when = `<p>It should work again ${escapeHtml(input.retryAt.relative)}, at <time datetime="${escapeHtml(input.retryAt.iso)}" data-local>${escapeHtml(input.retryAt.utc)}</time>.</p>`;
  return page(
    input.title,
    `<h1>${escapeHtml(input.title)}</h1><p>${escapeHtml(input.message)}</p>${when}<a class="btn" href="${escapeHtml(input.link.href)}">${escapeHtml(input.link.label)}</a>`,
    `<script src="${escapeHtml(input.localTimeScript)}" defer></script>`,
  );
}

/**
 * Why one sign-out reaches every app: an app asking to sign the player out (`askedBy`, its name; null when it
 * did not say which app it is) ends the portal's sign-in, which every app relies on.
 */
function signOutReach(askedBy: string | null | undefined): string {
  const everywhere = 'of the portal and of every app you opened with it, on all your devices.';
  if (askedBy === undefined) return `This signs you out ${everywhere}`;
  const app = askedBy ?? 'An app';
  const its = askedBy ?? 'The app';
  return (
    `${app} asks to sign you out. ${its} signed you in through the portal, and every app relies on that one portal sign-in ` +
    `(single sign-on), so ending it signs you out ${everywhere}`
  );
}

/**
 * GET /auth/logout, or an app's sign-out (`askedBy`: the app's name, or null when unknown): a link alone never
 * signs out (any site could link here); the button posts the form.
 */
export function signOutConfirmPage(
  back: { href: string; label: string },
  form: { action: string; fields: Record<string, string> } = { action: '/auth/logout', fields: {} },
  askedBy?: string | null,
): string {
  const hidden = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return page(
    'Sign out?',
    `<h1>Sign out?</h1><p>${escapeHtml(signOutReach(askedBy))}</p><form method="post" action="${escapeHtml(form.action)}">${hidden}<button class="btn" type="submit">Sign out</button><a class="link" href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></form>`,
  );
}

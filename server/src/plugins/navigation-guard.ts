import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@portal/contract';
import { messagePage } from '../lib/message-page.ts';
import { writeOriginsOf } from './cross-site-guard.ts';

function refererOrigin(referer: string | undefined): string | null {
  try {
    return referer ? new URL(referer).origin : null;
  } catch {
    return null;
  }
}

const SAME_SITE_VALUES = new Set(['same-origin', 'same-site', 'none']);

/**
 * Whether a browser navigation may change something: `Sec-Fetch-Site` (which a page cannot forge)
 * must not be `cross-site` (same-origin and same-site are fine: the SPA may run on a sibling host;
 * `none` is the admin's own address bar or bookmark). A client that sends no Sec-Fetch-Site (an old
 * browser, a script) must name an allowed origin in its Referer.
 */
async function isSameSiteNavigation(request: FastifyRequest): Promise<boolean> {
  const site = request.headers['sec-fetch-site'];
  // An allow-list, compared as header values are (case-insensitively): any other value is refused.
  if (site !== undefined) return SAME_SITE_VALUES.has(site.trim().toLowerCase());
  const origin = refererOrigin(request.headers.referer);
  return origin !== null && (await request.server.isAllowedOrigin(origin, writeOriginsOf(request.routeOptions.url)));
}

/**
 * A route hook (preHandler: after the input is checked, before anything is stored) for GET routes that change something yet must stay browser navigations (they
 * answer with a redirect, e.g. Save & Connect): the cross-site write guard only sees POST, PUT,
 * PATCH and DELETE, so these refuse a navigation started by another site (a link or a redirect
 * there) with 403, a page for browsers and `{ error, message }` for the rest.
 */
export function sameSiteNavigation(what: { action: string; back: string }) {
  const message = `${what.action} must be started from the portal itself; this request came from another site, so nothing was done.`;
  return async function requireSameSiteNavigation(request: FastifyRequest, reply: FastifyReply) {
    if (await isSameSiteNavigation(request)) return;
    if ((request.headers.accept ?? '').includes('text/html')) {
      return reply
        .code(403)
        .type('text/html')
        .send(messagePage({ title: 'Request refused', message, link: { href: what.back, label: 'Back to the portal' } }));
    }
    return reply.code(403).send({ error: ErrorCode.Forbidden, message });
  };
}

import { SCREEN_PATHS } from '@portal/contract';
import type { FastifyRequest } from 'fastify';

const API_PREFIXES = ['/api/', '/auth/', '/.well-known/'];
const segment = (part: string) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
/** One pattern for every screen path, a `:name` segment matching any one segment. */
const SCREENS = new RegExp(`^(?:${SCREEN_PATHS.map((p) => p.split('/').map(segment).join('/')).join('|')})$`);

/** The media ranges an Accept header admits (weight above 0), lower-case; any type when it is absent. */
export function acceptedRanges(accept: string | undefined): string[] {
  if (!accept) return ['*/*'];
  return accept.split(',').flatMap((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    return params.some((p) => /^q=0(\.0*)?$/.test(p)) ? [] : [type];
  });
}

/**
 * A GET the web app answers: a browser's navigation (it asks for text/html) to any path but the
 * service's own, or any client that takes HTML asking for one of the app's screens (`curl /login`).
 * A client asking for JSON alone, a script or stylesheet under /assets/ that is gone, or /metrics on
 * the public port keep the JSON 404.
 */
export function isPageRequest(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' || API_PREFIXES.some((p) => request.url.startsWith(p))) return false;
  const ranges = acceptedRanges(request.headers.accept);
  return ranges.includes('text/html') || (SCREENS.test(pathname) && ranges.some((r) => r === 'text/*' || r === '*/*'));
}

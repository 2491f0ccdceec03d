import { vi } from 'vitest';

export interface StubCall {
  method: string;
  url: string;
  path: string;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** A canned answer: JSON with a status (and headers, say X-Total-Count), no response at all, or never answering. */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error' | 'pending';
type Route = Reply | ((call: StubCall, nth: number) => Reply | Promise<Reply>);

export const reply = (status: number, body?: unknown, headers?: Record<string, string>): Reply => ({ status, body, headers });
export const errorReply = (status: number, error = 'error', message = 'Something failed'): Reply => ({
  status,
  body: { error, message },
});

/**
 * Answers every screen test gets unless it says otherwise: the admin console asks no passkey
 * (ADMIN_PASSKEY=optional, as with the simulator), and the dashboard has no note about SWCombine.
 */
const DEFAULT_ROUTES: Record<string, Route> = {
  'GET /api/me/admin-console': reply(200, { passkey_required: false, confirmed_until: null, has_passkey: false }),
  'GET /api/me/sign-in-note': reply(200, { note: null }),
};

/** Replaces global fetch; routes are keyed 'METHOD /path'. Unknown routes answer 404. */
export function stubFetch(routes: Record<string, Route>) {
  const calls: StubCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, window.location.origin);
    const call: StubCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: url.href,
      path: url.pathname,
      credentials: init.credentials,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    const key = `${call.method} ${call.path}`;
    const nth = calls.filter((c) => `${c.method} ${c.path}` === key).length;
    calls.push(call);
    const route = routes[key] ?? DEFAULT_ROUTES[key];
    const answer = typeof route === 'function' ? await route(call, nth) : (route ?? errorReply(404, 'not_found', `No stub for ${key}`));
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer === 'pending') return new Promise<Response>(() => {});
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    count: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).length,
  };
}

/** A reply the test releases when it wants: `const me = deferred(); … me.resolve(reply(200, user))`. */
export function deferred() {
  let resolve!: (value: Reply) => void;
  const promise = new Promise<Reply>((r) => (resolve = r));
  return { route: () => promise, resolve };
}

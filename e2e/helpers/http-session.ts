import { PORTAL_APP_KEY } from '@portal/contract';
import { approveAtSimulator } from '../../server/test/helpers/sign-in.ts';

/** Signs in as a character through /auth/login and the simulator, over plain HTTP; answers the session cookie. */
export async function signIn(baseUrl: string, uid: string): Promise<string> {
  const login = await fetch(`${baseUrl}/auth/login?aud=${PORTAL_APP_KEY}&rd=${encodeURIComponent(`${baseUrl}/dashboard`)}`, {
    redirect: 'manual',
  });
  const stateCookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('portal_login_state='))!
    .split(';')[0]!;
  const callback = await approveAtSimulator(login.headers.get('location')!, uid);
  const done = await fetch(callback, { headers: { cookie: stateCookie }, redirect: 'manual' });
  const session = done.headers.getSetCookie().find((c) => c.startsWith('portal_session='));
  if (!session) throw new Error(`sign-in did not complete: ${done.status} ${await done.text()}`);
  return session.split(';')[0]!;
}

/** Calls the product's JSON API with a session cookie, as the portal's own pages do (same origin). */
export function api(baseUrl: string, cookie: string) {
  return async (method: string, url: string, body?: object) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { cookie, origin: baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    // A 204 (a deletion) has no body.
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as unknown };
  };
}

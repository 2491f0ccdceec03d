import { PORTAL_APP_KEY } from '@portal/contract';

// Signs a simulator character in to the running product over plain HTTP, as a browser would, and
// answers the session cookie's value.
export async function signInOverHttp(baseUrl: string, uid: string): Promise<string> {
  const login = await fetch(`${baseUrl}/auth/login?aud=${PORTAL_APP_KEY}&rd=${encodeURIComponent(`${baseUrl}/dashboard`)}`, {
    redirect: 'manual',
  });
  const state = /portal_login_state=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  const authorize = new URL(login.headers.get('location')!);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('character', uid);
  const decision = await fetch(new URL('/ws/oauth2/auth/', authorize), { method: 'POST', body: form, redirect: 'manual' });
  const callback = await fetch(decision.headers.get('location')!, {
    redirect: 'manual',
    headers: { cookie: `portal_login_state=${state}` },
  });
  const session = /portal_session=([^;]+)/.exec(callback.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error(`sign-in failed: ${callback.status} ${await callback.text()}`);
  return session;
}

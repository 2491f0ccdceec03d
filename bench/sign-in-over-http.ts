// Signs a simulator character in to the running product over plain HTTP, as a browser would
// (granting every requested permission on the consent form), and answers the session cookie's value.

async function redirectOf(step: string, res: Response): Promise<string> {
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`${step}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return location;
}

/** `headers` go to the product (not the simulator), e.g. X-Forwarded-For to sign in as many players' addresses. */
export async function signInOverHttp(baseUrl: string, uid: string, headers: Record<string, string> = {}): Promise<string> {
  const login = await fetch(`${baseUrl}/auth/login?aud=portal&rd=${encodeURIComponent(`${baseUrl}/dashboard`)}`, {
    redirect: 'manual',
    headers,
  });
  const authorize = new URL(await redirectOf('/auth/login', login));
  const state = /portal_login_state=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  const form = new URLSearchParams(authorize.searchParams);
  form.set('character', uid);
  form.set('granted_scope', authorize.searchParams.get('scope') ?? '');
  const decision = await fetch(new URL('/ws/oauth2/auth/', authorize), { method: 'POST', body: form, redirect: 'manual' });
  const callback = await fetch(await redirectOf('simulator consent', decision), {
    redirect: 'manual',
    headers: { ...headers, cookie: `portal_login_state=${state}` },
  });
  const session = /portal_session=([^;]+)/.exec(callback.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error(`/auth/callback: ${callback.status} ${(await callback.text()).slice(0, 300)}`);
  return session;
}

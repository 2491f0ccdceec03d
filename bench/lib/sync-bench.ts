// What the benches that talk to SWCombine share: the simulator they start themselves (to count its requests),
// the product pointed at it (optionally under --cpu-prof), the admin API over HTTP, and the faction-leader binding.
import { startSimulator } from '@portal/swc-simulator';
import { startProfiledProduct } from './profiled-product.ts';

export async function startSyncBench(
  port: number,
  client: { clientId: string; clientSecret: string },
  limits: { rateLimit?: number; rateWindowSeconds?: number } = {},
  profile = false,
) {
  const sim = await startSimulator({
    port: 0,
    ...limits,
    clients: [{ ...client, redirectUris: [`http://localhost:${port}/auth/callback`] }],
  });
  const product = await startProfiledProduct(
    port,
    { SWC_BASE_URL: sim.url, SWC_CLIENT_ID: client.clientId, SWC_CLIENT_SECRET: client.clientSecret, ADMIN_UIDS: '1:100001' },
    profile,
  );
  const base = product.baseUrl;

  async function api<T>(cookie: string, path: string, method = 'GET'): Promise<T> {
    const res = await fetch(`${base}${path}`, { method, headers: { cookie: `portal_session=${cookie}`, origin: base } });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Save & Connect on SWC Integration: Jorin Vex grants these scopes on Galactic Weapon Systems (by default its ships inventory). */
  async function connectBinding(cookie: string, requestedScopes = 'CHARACTER_READ faction_inv_ships_all') {
    const scopes = encodeURIComponent(requestedScopes);
    const start = await fetch(`${base}/api/admin/swc/connect?tenant_id=1324&actor=faction-leader&requested_scopes=${scopes}`, {
      redirect: 'manual',
      // The portal's own Save & Connect navigation (cross-site ones are refused).
      headers: { cookie: `portal_session=${cookie}`, 'sec-fetch-site': 'same-origin' },
    });
    if (start.status !== 302) throw new Error(`Save & Connect: ${start.status} ${await start.text()}`);
    const authorize = new URL(start.headers.get('location')!);
    const state = /portal_login_state=([^;]+)/.exec(start.headers.get('set-cookie') ?? '')?.[1];
    const form = new URLSearchParams(authorize.searchParams);
    form.set('character', '1:100001');
    for (const s of (authorize.searchParams.get('scope') ?? '').split(' ')) form.append('granted_scope', s);
    const consent = await fetch(new URL('/ws/oauth2/auth/', authorize), { method: 'POST', body: form, redirect: 'manual' });
    const done = await fetch(consent.headers.get('location')!, {
      redirect: 'manual',
      headers: { cookie: `portal_login_state=${state}; portal_session=${cookie}` },
    });
    if (done.status !== 302) throw new Error(`binding callback: ${done.status} ${await done.text()}`);
  }

  return { sim, product, base, api, connectBinding };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

import { createServer, type Server } from 'node:http';
import { freePort } from './free-port.ts';

/**
 * What the page shows once it is done: the claims userinfo answered, or why it failed. The page's
 * script does everything a single-page app does to sign a player in, from the browser alone.
 */
export interface BrowserAppResult {
  state: 'signed-in' | 'failed';
  error?: string;
  userinfo?: Record<string, unknown>;
  /** The id_token's key id was among the JWKS's keys. */
  keyFound?: boolean;
  revocationStatus?: number;
}

/**
 * A single-page app on an origin of its own (127.0.0.1 on a free port, so another site than the
 * portal's localhost) with no server side: `/` reads discovery and sends the browser to the
 * authorization endpoint with PKCE S256; `/callback` checks the state, redeems the code at the token
 * endpoint, reads the JWKS and userinfo, revokes the access token and shows the result in #result.
 * Every call to the portal is a cross-origin fetch, without credentials.
 */
function page(issuer: string, clientId: string): string {
  return `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Star Map</title>
<h1>Star Map</h1>
<pre id="result">working…</pre>
<script type="module">
const ISSUER = ${JSON.stringify(issuer)};
const CLIENT_ID = ${JSON.stringify(clientId)};
const redirectUri = location.origin + '/callback';
const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
const random = (n) => b64url(crypto.getRandomValues(new Uint8Array(n)));
const show = (result) => {
  const out = document.getElementById('result');
  out.textContent = JSON.stringify(result);
  out.dataset.state = result.state;
};
// Each call says which it was when it fails, so a failed sign-in names its step.
const call = (step, url, init) => fetch(url, init).catch((err) => { throw new Error(step + ': ' + err); });
async function json(res) {
  const body = await res.json();
  if (!res.ok) throw new Error(res.status + ' ' + JSON.stringify(body));
  return body;
}
try {
  const discovery = await json(await call('discovery', ISSUER + '/.well-known/openid-configuration'));
  if (location.pathname === '/') {
    const verifier = random(32);
    const state = random(16);
    sessionStorage.setItem('sign-in', JSON.stringify({ verifier, state }));
    const challenge = b64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
    const url = new URL(discovery.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code', client_id: CLIENT_ID, redirect_uri: redirectUri, scope: 'openid profile',
      state, code_challenge: challenge, code_challenge_method: 'S256',
    }).toString();
    location.assign(url.href);
  } else {
    const params = new URLSearchParams(location.search);
    const { verifier, state } = JSON.parse(sessionStorage.getItem('sign-in') ?? '{}');
    if (!state || params.get('state') !== state) throw new Error('the state that came back is not the one sent');
    const tokens = await json(await call('token', discovery.token_endpoint, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code', code: params.get('code'), redirect_uri: redirectUri,
        client_id: CLIENT_ID, code_verifier: verifier,
      }),
    }));
    const jwks = await json(await call('jwks', discovery.jwks_uri));
    const kid = JSON.parse(atob(tokens.id_token.split('.')[0].replace(/-/g, '+').replace(/_/g, '/'))).kid;
    const userinfo = await json(await call('userinfo', discovery.userinfo_endpoint, { headers: { authorization: 'Bearer ' + tokens.access_token } }));
    const revocation = await call('revocation', discovery.revocation_endpoint, {
      method: 'POST',
      body: new URLSearchParams({ token: tokens.access_token, token_type_hint: 'access_token', client_id: CLIENT_ID }),
    });
    show({ state: 'signed-in', userinfo, keyFound: jwks.keys.some((k) => k.kid === kid), revocationStatus: revocation.status });
  }
} catch (err) {
  show({ state: 'failed', error: String(err) });
}
</script>
</html>`;
}

/** Serves the page above at every path, from http://127.0.0.1 on a free port. */
export class BrowserAppHost {
  private readonly server: Server;
  origin = '';

  constructor(issuer: string, clientId: string) {
    const html = page(issuer, clientId);
    this.server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  }

  async start(): Promise<this> {
    const port = await freePort();
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', resolve);
    });
    this.origin = `http://127.0.0.1:${port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

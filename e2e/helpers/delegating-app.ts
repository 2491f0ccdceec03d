import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * An app behind the product's forward auth that acts on SWCombine for the player: it trades the
 * access token /auth/verify gave it at POST /auth/token (RFC 8693), authenticated with its client
 * secret (HTTP Basic, its key as the client_id), and calls SWCombine's /ws/v2.0/character/ with the
 * answer. `GET /character` shows what each step answered.
 */
export class DelegatingApp {
  /** The access tokens the exchange answered, in order. */
  readonly exchanged: string[] = [];
  /** The client secret an admin created for the app (App Catalog → OpenID Connect → New client secret). */
  clientSecret = '';
  private server: Server;
  url = '';

  private readonly authBase: string;
  /** The app's audience, which is also its key (its client_id). */
  private readonly audience: string;
  private readonly swcBase: string;
  constructor(authBase: string, audience: string, swcBase: string) {
    this.authBase = authBase;
    this.audience = audience;
    this.swcBase = swcBase;
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(port: number): Promise<this> {
    await new Promise<void>((r) => this.server.listen(port, '127.0.0.1', r));
    this.url = `http://localhost:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  private page(res: ServerResponse, status: number, body: string) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><title>Fleet tool</title><main>${body}</main></html>`);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const verify = await fetch(`${this.authBase}/auth/verify?aud=${this.audience}`, { headers: { cookie: req.headers.cookie ?? '' } });
    if (verify.status === 401) {
      res.writeHead(302, {
        location: `${this.authBase}/auth/login?aud=${this.audience}&rd=${encodeURIComponent(`${this.url}${req.url}`)}`,
      });
      res.end();
      return;
    }
    const subject = verify.headers.get('authorization')!.replace(/^Bearer /, '');
    const exchange = await fetch(`${this.authBase}/auth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(this.audience)}:${encodeURIComponent(this.clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: subject,
        subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      }),
    });
    const answer = (await exchange.json()) as Record<string, string>;
    if (!exchange.ok) {
      this.page(res, 502, `<h1>Exchange refused</h1><p id="error">${escape(answer.error!)}: ${escape(answer.error_description!)}</p>`);
      return;
    }
    this.exchanged.push(answer.access_token!);
    const character = await fetch(`${this.swcBase}/ws/v2.0/character/`, {
      headers: { accept: 'application/json', authorization: `OAuth ${answer.access_token}` },
    });
    const body = (await character.json()) as { swcapi?: { character?: { name?: string; location?: unknown }; error_message?: string } };
    this.page(
      res,
      character.ok ? 200 : 502,
      character.ok
        ? `<h1>SWCombine says you are ${escape(body.swcapi?.character?.name ?? '?')}</h1><p>scope: ${escape(answer.scope!)}</p><p>location ${body.swcapi?.character?.location ? 'shared' : 'not shared'}</p>`
        : `<h1>SWCombine refused the token</h1><p>${character.status} ${escape(body.swcapi?.error_message ?? '')}</p>`,
    );
  }
}

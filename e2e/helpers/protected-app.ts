import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/**
 * A tiny app behind the product's forward auth, as an ingress would put it: every request is
 * first checked at /auth/verify?aud=…; 401 sends the browser to /auth/login with the page as rd.
 * It also receives OIDC back-channel logout posts.
 */
export class ProtectedApp {
  readonly logoutTokens: string[] = [];
  readonly seenClaims: JWTPayload[] = [];
  private server: Server;
  url = '';

  private readonly authBase: string;
  private readonly audience: string;
  constructor(authBase: string, audience: string) {
    this.authBase = authBase;
    this.audience = audience;
    this.server = createServer((req, res) => void this.handle(req, res.writeHead.bind(res), res.end.bind(res)));
  }

  async start(port: number): Promise<this> {
    await new Promise<void>((r) => this.server.listen(port, '127.0.0.1', r));
    this.url = `http://localhost:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, writeHead: (s: number, h?: Record<string, string>) => unknown, end: (b?: string) => unknown) {
    if (req.method === 'POST' && req.url === '/backchannel') {
      let body = '';
      for await (const chunk of req) body += chunk;
      this.logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
      writeHead(200);
      end();
      return;
    }
    const verify = await fetch(`${this.authBase}/auth/verify?aud=${this.audience}`, { headers: { cookie: req.headers.cookie ?? '' } });
    if (verify.status === 401) {
      const rd = `${this.url}${req.url}`;
      writeHead(302, { location: `${this.authBase}/auth/login?aud=${this.audience}&rd=${encodeURIComponent(rd)}` });
      end();
      return;
    }
    const jwt = verify.headers.get('authorization')!.replace(/^Bearer /, '');
    const { payload } = await jwtVerify(jwt, createRemoteJWKSet(new URL(`${this.authBase}/.well-known/jwks.json`)), {
      issuer: this.authBase,
      audience: this.audience,
      typ: 'at+jwt',
    });
    this.seenClaims.push(payload);
    writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    end(
      `<!doctype html><title>Tiny app</title><h1>Welcome to the tiny app, ${verify.headers.get('x-auth-request-name')}</h1><p>roles: ${verify.headers.get('x-auth-request-roles')}</p>`,
    );
  }
}

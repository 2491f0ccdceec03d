import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';

/** Koa's method that makes a context of a request: the library calls it for every request it handles, and for an interaction read. */
interface MakesContexts {
  createContext(req: IncomingMessage, res: ServerResponse): unknown;
}

/** Makes `req` say it came to `publicUrl`: its Host and X-Forwarded-Proto, and no X-Forwarded-Host or -Port. */
function asRequestTo(req: IncomingMessage, publicUrl: URL): void {
  req.headers.host = publicUrl.host;
  req.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
  delete req.headers['x-forwarded-host'];
  delete req.headers['x-forwarded-port'];
}

/**
 * The library writes its endpoints' addresses (discovery, form actions, the device page's links)
 * from the request's Host and scheme, so a forged Host or X-Forwarded-* header would change what
 * it answers. The portal is at its issuer, PUBLIC_URL, whatever the request says: every context
 * the library makes (for a request it handles, or an interaction the portal reads) is of a
 * request to it.
 */
export function servedAtTheIssuer(provider: Provider): void {
  const issuer = new URL(provider.issuer);
  // The scheme comes from X-Forwarded-Proto, which asRequestTo sets.
  provider.proxy = true;
  const app = provider as unknown as MakesContexts;
  const createContext = app.createContext.bind(app);
  app.createContext = (req, res) => {
    asRequestTo(req, issuer);
    return createContext(req, res);
  };
}

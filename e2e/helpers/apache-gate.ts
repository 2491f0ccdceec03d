import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runDaemon } from './daemon.ts';

const MODULES = '/usr/lib/apache2/modules';

/** The protected page: what mod_auth_openidc hands on from the player's id_token and userinfo. */
const CLAIMS_PAGE = `<!doctype html>
<title>Claims</title>
<h1>Signed in through the portal</h1>
<p id="sub"><!--#echo var="OIDC_CLAIM_sub" --></p>
<p id="name"><!--#echo var="OIDC_CLAIM_name" --></p>
<p id="user"><!--#echo var="REMOTE_USER" --></p>
`;

/** Where mod_auth_openidc takes its callbacks and back-channel logouts, inside the protected path. */
export const REDIRECT_PATH = '/protected/redirect_uri';
export const PAGE_PATH = '/protected/claims.shtml';
/** Open to all: where the app sends a player once signed out. */
export const SIGNED_OUT_PATH = '/signed-out.html';

/**
 * Debian's Apache 2.4 with mod_auth_openidc as a confidential client of the portal (code flow,
 * PKCE, client_secret_basic, server-side session cache), protecting a page that shows the
 * player's claims: what docs/oidc.md configures, run on a test port from a throwaway ServerRoot.
 */
export async function startApacheGate(opts: {
  port: number;
  /** The portal's issuer (PUBLIC_URL). */
  issuer: string;
  clientId: string;
  clientSecret: string;
}): Promise<{ url: string; redirectUri: string; errorLog(): string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apache-gate-'));
  // As root, Apache serves from its own user, who must read the page.
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, 'www/protected'), { recursive: true });
  writeFileSync(path.join(dir, 'www/protected/claims.shtml'), CLAIMS_PAGE);
  writeFileSync(path.join(dir, `www${SIGNED_OUT_PATH}`), '<!doctype html><title>Signed out</title><h1>Signed out of the intranet</h1>');
  const url = `http://127.0.0.1:${opts.port}`;
  const redirectUri = `${url}${REDIRECT_PATH}`;
  const asRoot = process.getuid?.() === 0;
  const conf = path.join(dir, 'apache2.conf');
  writeFileSync(
    conf,
    `ServerRoot ${dir}
ServerName 127.0.0.1
Listen 127.0.0.1:${opts.port}
PidFile ${dir}/apache2.pid
DefaultRuntimeDir ${dir}
Mutex file:${dir} default
ErrorLog ${dir}/error.log
LogLevel warn auth_openidc:info
${asRoot ? 'User www-data\nGroup www-data' : ''}
LoadModule mpm_event_module ${MODULES}/mod_mpm_event.so
LoadModule authn_core_module ${MODULES}/mod_authn_core.so
LoadModule authz_core_module ${MODULES}/mod_authz_core.so
LoadModule authz_user_module ${MODULES}/mod_authz_user.so
LoadModule include_module ${MODULES}/mod_include.so
LoadModule auth_openidc_module ${MODULES}/mod_auth_openidc.so
DocumentRoot ${dir}/www

OIDCProviderMetadataURL ${opts.issuer}/.well-known/openid-configuration
OIDCClientID ${opts.clientId}
OIDCClientSecret ${opts.clientSecret}
OIDCProviderTokenEndpointAuth client_secret_basic
OIDCRedirectURI ${redirectUri}
OIDCCryptoPassphrase ${randomBytes(32).toString('base64url')}
OIDCScope "openid profile"
OIDCPKCEMethod S256
OIDCSessionType server-cache
OIDCRemoteUserClaim sub

<Location />
  ForceType text/html
</Location>
<Location /protected>
  AuthType openid-connect
  Require valid-user
  Options +Includes
  SetOutputFilter INCLUDES
</Location>
`,
  );
  const errorLog = () => {
    try {
      return readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  // Apache's graceful-stop signal; its children are its own to end.
  const daemon = await runDaemon({
    name: 'apache2',
    command: '/usr/sbin/apache2',
    args: ['-f', conf, '-DFOREGROUND'],
    url: `${url}/`,
    dir,
    signal: 'SIGTERM',
    diagnostics: errorLog,
  });
  return {
    url,
    redirectUri,
    errorLog,
    stop: daemon.stop,
  };
}

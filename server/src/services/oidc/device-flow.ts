import { scopeInWords } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { grantedScopes } from '../../domain/oidc-client.ts';
import { deviceCodePage, deviceConfirmPage, deviceOutcomePage } from '../../lib/device-pages.ts';
import { deviceFormSecret, type Configuration, type KoaContextWithOIDC } from './library-gaps/index.ts';
import { clientApp, playerOf } from './lookups.ts';
import { currentOidcRequest } from './request-context.ts';

type DeviceFlow = NonNullable<NonNullable<Configuration['features']>['deviceFlow']>;

/** Why a code the player typed was not taken, by the library's name for it. */
const CODE_PROBLEMS: Record<string, string> = {
  NoCodeError: 'Enter the code your device shows.',
  NotFoundError: 'No device is waiting for this code. Check it on your device and try again.',
  ExpiredError: 'This code has expired. Ask your device for a new one.',
  AlreadyUsedError: 'This code was already used. Ask your device for a new one if it is not signed in.',
};

// The form's secret did not match (the page was opened again elsewhere), or the form was not this page's.
const OUT_OF_DATE = 'This page was out of date. Enter the code again.';

function send(ctx: KoaContextWithOIDC, html: string): void {
  ctx.type = 'html';
  ctx.set('cache-control', 'no-store');
  ctx.body = html;
}

const playerName = (ctx: KoaContextWithOIDC) => currentOidcRequest(ctx).auth?.user.name ?? null;

/** The app a device code is for, by name. */
async function appNameOf(deps: Pick<Deps, 'db'>, ctx: KoaContextWithOIDC): Promise<string> {
  const { DeviceCode: code, Interaction: interaction } = ctx.oidc.entities;
  const clientId = ctx.oidc.client?.clientId ?? code?.clientId ?? (interaction?.params?.client_id as string | undefined);
  const app = clientId ? await clientApp(deps, clientId) : null;
  return app?.name ?? 'The app';
}

/** What the app will get of the scopes it asked for: the standard ones, and the others an admin granted the player. */
async function whatItGets(deps: Pick<Deps, 'db' | 'config' | 'clock'>, ctx: KoaContextWithOIDC): Promise<string[]> {
  const asked = String(ctx.oidc.entities.DeviceCode?.params?.scope ?? '')
    .split(' ')
    .filter(Boolean);
  const uid = ctx.oidc.session?.accountId;
  const player = uid ? await playerOf(deps, ctx, uid) : null;
  return grantedScopes(asked, player?.scopes ?? []).granted.map(scopeInWords);
}

/**
 * The device flow (RFC 8628) in the portal's pages: /device asks for the code (the player is signed
 * in first, see routes/oidc/device.ts), then shows the app and what it will get, Allow or Deny. The
 * library then runs the authorization as for a browser app: the one access rule decides.
 */
export function deviceFlowFeature(deps: Pick<Deps, 'db' | 'config' | 'clock'>): DeviceFlow {
  const dashboard = { href: `${deps.config.publicUrl}/dashboard`, label: 'Go to the dashboard' };
  return {
    enabled: true,
    charset: 'base-20',
    mask: '****-****',
    userCodeInputSource: async (ctx, _form, out, err) => {
      const action = ctx.oidc.urlFor('code_verification');
      const xsrf = deviceFormSecret(ctx);
      if (err?.name === 'AbortedError') {
        const appName = await appNameOf(deps, ctx);
        const refusal = (err.cause as { error_description?: string } | undefined)?.error_description;
        ctx.status = refusal ? 403 : 200;
        return send(
          ctx,
          refusal
            ? deviceOutcomePage({ title: `${appName} does not admit you`, message: refusal, link: dashboard })
            : deviceOutcomePage({
                title: 'Device not connected',
                message: `Nothing was shared: ${appName} was told you said no. You can close this page.`,
                link: dashboard,
              }),
        );
      }
      if (err && typeof ctx.oidc.session?.exp !== 'number') {
        // A browser the library keeps no session for cannot send the form back: it starts again (library-gaps/persist-only-saved-sessions.ts).
        return send(
          ctx,
          deviceOutcomePage({
            title: 'Connect a device',
            message: 'This page has expired. Start again and enter the code your device shows.',
            link: { href: action, label: 'Start again' },
          }),
        );
      }
      const userCode = (err as { userCode?: string } | undefined)?.userCode;
      const problem = err
        ? (CODE_PROBLEMS[err.name] ??
          (out?.error === 'invalid_request' ? OUT_OF_DATE : `This code cannot be used: ${out?.error_description ?? 'try again'}.`))
        : undefined;
      send(ctx, deviceCodePage({ action, xsrf, playerName: playerName(ctx), code: userCode, problem }));
    },
    userCodeConfirmSource: async (ctx, _form, client, _deviceInfo, userCode) => {
      send(
        ctx,
        deviceConfirmPage({
          action: ctx.oidc.urlFor('code_verification'),
          xsrf: deviceFormSecret(ctx),
          userCode,
          appName: client.clientName ?? client.clientId,
          playerName: playerName(ctx),
          gets: await whatItGets(deps, ctx),
        }),
      );
    },
    successSource: async (ctx) => {
      const appName = await appNameOf(deps, ctx);
      send(
        ctx,
        deviceOutcomePage({
          title: 'Device connected',
          message: `${appName} is signed in as you${playerName(ctx) ? `, ${playerName(ctx)}` : ''}. You can close this page and go back to your device.`,
          link: dashboard,
        }),
      );
    },
  };
}

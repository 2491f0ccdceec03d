import { AuditEvent, scopeInWords } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { grantedScopes } from '../../domain/oidc-client.ts';
import { deviceCodePage, deviceConfirmPage } from '../../lib/device-pages.ts';
import { messagePage } from '../../lib/message-page.ts';
import { audit } from '../audit.ts';
import { deviceFormSecret, type Configuration, type KoaContextWithOIDC } from './library-gaps/index.ts';
import { clientApp, playerOf } from './lookups.ts';
import { DEVICE_SEND_SCRIPT_PATH } from './paths.ts';
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

/** The signed-in player as the code's app sees them: the one access rule's decision and the scopes granted them. */
async function playerForCode(deps: Pick<Deps, 'db' | 'config' | 'clock'>, ctx: KoaContextWithOIDC) {
  const uid = currentOidcRequest(ctx).auth?.user.uid;
  return uid ? playerOf(deps, ctx, uid) : null;
}

/** What the app will get of the scopes it asked for: the standard ones, and the others an admin granted the player. */
function whatItGets(ctx: KoaContextWithOIDC, grantedToPlayer: readonly string[]): string[] {
  const asked = String(ctx.oidc.entities.DeviceCode?.params?.scope ?? '')
    .split(' ')
    .filter(Boolean);
  return grantedScopes(asked, grantedToPlayer).granted.map(scopeInWords);
}

/**
 * The app's access rule refuses the player: the code is ended (the device polls access_denied), the
 * refusal is audited as a browser app's is, and the player reads why instead of being offered Allow.
 */
async function refuseCode(deps: Pick<Deps, 'db' | 'clock'>, ctx: KoaContextWithOIDC, reason: string): Promise<void> {
  const code = ctx.oidc.entities.DeviceCode;
  const clientId = ctx.oidc.client?.clientId ?? code?.clientId ?? null;
  if (code) {
    Object.assign(code, { error: 'access_denied', errorDescription: reason });
    await code.save();
  }
  const { meta, auth } = currentOidcRequest(ctx);
  await audit(deps.db, meta, {
    event: AuditEvent.OidcRefused,
    userId: auth?.user.id ?? null,
    appKey: clientId,
    at: deps.clock.now(),
    details: { client_id: clientId, via: 'a device code', reason },
  });
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
            ? messagePage({ title: `${appName} does not admit you`, message: refusal, link: dashboard })
            : messagePage({
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
          messagePage({
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
      // The code the device's link carried: drawn filled in, and sent on at once (no unstyled page of the library's between).
      const fromLink = err ? undefined : currentOidcRequest(ctx).userCodeFromLink;
      send(
        ctx,
        deviceCodePage({
          action,
          xsrf,
          playerName: playerName(ctx),
          code: userCode ?? fromLink,
          problem,
          ...(fromLink ? { sendOnScript: DEVICE_SEND_SCRIPT_PATH } : {}),
        }),
      );
    },
    userCodeConfirmSource: async (ctx, _form, client, _deviceInfo, userCode) => {
      const appName = client.clientName ?? client.clientId;
      const player = await playerForCode(deps, ctx);
      // Access is decided before Allow is offered: a player the app does not admit is never asked.
      if (player && !player.decision.allowed) {
        await refuseCode(deps, ctx, player.decision.reason);
        ctx.status = 403;
        return send(ctx, messagePage({ title: `${appName} does not admit you`, message: player.decision.reason, link: dashboard }));
      }
      send(
        ctx,
        deviceConfirmPage({
          action: ctx.oidc.urlFor('code_verification'),
          xsrf: deviceFormSecret(ctx),
          userCode,
          appName,
          playerName: playerName(ctx),
          gets: whatItGets(ctx, player?.scopes ?? []),
        }),
      );
    },
    successSource: async (ctx) => {
      const appName = await appNameOf(deps, ctx);
      send(
        ctx,
        messagePage({
          title: 'Device connected',
          message: `${appName} is signed in as you${playerName(ctx) ? `, ${playerName(ctx)}` : ''}. You can close this page and go back to your device.`,
          link: dashboard,
        }),
      );
    },
  };
}

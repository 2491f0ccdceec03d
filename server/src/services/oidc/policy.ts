import { interactionPolicy, type KoaContextWithOIDC } from './library-gaps/index.ts';
import type { Deps } from '../../deps.ts';
import { lacksRequiredPasskey, passkeyWanted } from '../../domain/app-passkey.ts';
import { appOf, playerOf } from './lookups.ts';
import { currentOidcRequest } from './request-context.ts';

const { Check, base } = interactionPolicy;

/**
 * When the authorization endpoint must hand over to the player (our interaction page), on top of
 * the library's own rules (no session, prompt=login, max_age, id_token_hint, …). Each check names
 * the error a `prompt=none` request gets instead. The library's session is the portal's (see
 * library-gaps/portal-session.ts), so "no session" means no portal session.
 */
export function interactionRules(deps: Pick<Deps, 'db' | 'config' | 'clock'>) {
  const policy = base();
  const login = policy.get('login')!;
  login.checks.add(
    new Check('login_hint', 'the login_hint names another player', 'login_required', async (ctx) => {
      const hint = ctx.oidc.params?.login_hint;
      if (typeof hint !== 'string' || !hint || ctx.oidc.result?.login) return Check.NO_NEED_TO_PROMPT;
      const { auth } = currentOidcRequest(ctx);
      if (!auth) return Check.NO_NEED_TO_PROMPT; // the sign-in is asked for anyway
      const named = hint.trim().toLowerCase();
      return named === auth.user.uid.toLowerCase() || named === auth.user.name.toLowerCase()
        ? Check.NO_NEED_TO_PROMPT
        : Check.REQUEST_PROMPT;
    }),
  );
  // An app that requires a passkey, or a request with acr_values=passkey: the interaction sends the player to confirm one.
  login.checks.add(
    new Check('passkey_required', 'a passkey must be used in this session', 'login_required', async (ctx) => {
      const { auth } = currentOidcRequest(ctx);
      const app = await appOf(deps, ctx);
      if (!auth || !app) return Check.NO_NEED_TO_PROMPT; // the sign-in is asked for anyway; an unknown client fails elsewhere
      return lacksRequiredPasskey(passkeyWanted(app, ctx.oidc.params?.acr_values), auth.session)
        ? Check.REQUEST_PROMPT
        : Check.NO_NEED_TO_PROMPT;
    }),
  );
  // The one access rule: a player not admitted to the app gets no code, only access_denied.
  policy
    .get('consent')!
    .checks.add(
      new Check('not_admitted', 'the player is not admitted to this app', 'access_denied', async (ctx: KoaContextWithOIDC) =>
        (await admitted(deps, ctx)) ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
      0,
    );
  return policy;
}

async function admitted(deps: Pick<Deps, 'db' | 'config' | 'clock'>, ctx: KoaContextWithOIDC): Promise<boolean> {
  const uid = ctx.oidc.session?.accountId;
  if (!uid) return false;
  const player = await playerOf(deps, ctx, uid);
  return player?.decision.allowed === true;
}

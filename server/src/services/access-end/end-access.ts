import type { DbClient, Transaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import type { AppRow } from '../../queries/app-columns.ts';
import { findAppById } from '../../queries/apps.ts';
import { destroyOidcGrant, destroyOidcPayload, endMachineTokens, endOidcGrants, endOidcSessionsOf } from '../../queries/oidc-payloads.ts';
import { appsUsedBySessions, forgetAppUses, type AppUseRow } from '../../queries/session-apps.ts';
import { endUserSessions, type EndedSessionRow } from '../../queries/sessions.ts';
import { queueMemberUpdatesOnCommit } from '../discord/member-jobs.ts';
import { BACKCHANNEL_LOGOUT_JOB, type BackchannelLogoutJob } from './backchannel-logout.ts';

/** What ends. Every way access ends is one of these, and goes through `endAccessIn`. */
export type AccessEnding =
  /**
   * Sign-out, an admin's "End session" or "End all": the player's sessions (all, or those with these
   * SIDs; with `liveAt`, only those still live then) and what was issued to last as long as them.
   */
  | { kind: 'sessions'; userId: string; sids?: readonly string[]; liveAt?: Date }
  /**
   * A suspension, a revocation, a lost group or faction, a player disconnecting an app: everything the
   * player holds on these apps (grants, codes, refresh and access tokens); the portal session goes on.
   */
  | { kind: 'player-apps'; userId: string; appIds: readonly string[] }
  /**
   * An app deleted (`uses: 'all'`), or its client secret removed (`'oidc'`): every player's grants on
   * it, and its machine client's tokens (client credentials).
   */
  | { kind: 'app'; appId: string; uses: 'all' | 'oidc' }
  /** One grant: a replayed code or refresh token, a refresh token revoked by its app. */
  | { kind: 'grant'; grantId: string }
  /** One token revoked by its app (an access token by its jti). */
  | { kind: 'token'; model: 'AccessToken' | 'ClientCredentials' | 'RefreshToken'; id: string };

export interface EndedAccess {
  /** The portal sessions that ended (kind `sessions`). */
  sessions: EndedSessionRow[];
  /** The apps told of the end: by back-channel logout, or by the front-channel pages answered (their keys, once each). */
  appsNotified: string[];
  /** OpenID Connect records that ended (grants, codes, tokens, the library's sessions). */
  oidcRecords: number;
  /** Front-channel logout pages the player's browser should load (kind `sessions`: only a browser that signs out can). */
  frontChannelUrls: string[];
}

type EndingDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>;

/**
 * The one way access ends, as a step of the caller's transaction `tx`: it ends the sessions or
 * grants concerned, the protocol library's records issued with them, and the records of which apps
 * the sessions used; the caller writes its own (its audit event, a status) in the same transaction.
 * Once `tx` commits it announces that access changed, on every replica (before the caller answers,
 * so the next request anywhere is decided afresh), queues a back-channel logout to each app told,
 * and queues the Discord update of each player named. Front-channel logout needs
 * the player's browser: the URLs are answered for the sign-out page to load.
 */
export async function endAccessIn(deps: EndingDeps, tx: Transaction, endings: readonly AccessEnding[]): Promise<EndedAccess> {
  const parts = [];
  for (const one of endings) parts.push(await endInDatabase(deps, tx, one));
  const jobs = parts.flatMap((p) => p.jobs);
  const players = endings.flatMap((one) => ('userId' in one ? [one.userId] : []));
  tx.afterCommit(async () => {
    await deps.accessChanged.publish();
    // Each delivery stands alone: a queue failure does not undo the end, nor keep the caller from its answer.
    await Promise.all(jobs.map((job) => deps.queue.send(BACKCHANNEL_LOGOUT_JOB, job).catch(() => undefined)));
  });
  // The community's Discord hears of every end that names a player (a suspension, an End all): their update job
  // puts their roles where the rules say, none at all once the portal app itself suspends or revokes them.
  queueMemberUpdatesOnCommit(deps, tx, players);
  return {
    sessions: parts.flatMap((p) => p.ended.sessions),
    appsNotified: [...new Set(parts.flatMap((p) => p.ended.appsNotified))],
    oidcRecords: parts.reduce((n, p) => n + p.ended.oidcRecords, 0),
    frontChannelUrls: [...new Set(parts.flatMap((p) => p.ended.frontChannelUrls))],
  };
}

/** An app whose grants ended, with the players they were; each is told, by the sessions that used it or else by `sub`. */
interface GrantsEnded {
  app: AppRow;
  userIds: string[];
}

async function endInDatabase(deps: EndingDeps, tx: DbClient, ending: AccessEnding) {
  const none = { sessions: [] as EndedSessionRow[], uses: [] as AppUseRow[], oidcRecords: 0, oidcGrants: [] as GrantsEnded[] };
  const { sessions, uses, oidcRecords, oidcGrants } = await (async () => {
    switch (ending.kind) {
      case 'sessions': {
        const sessions = await endUserSessions(tx, ending.userId, deps.clock.now(), { sids: ending.sids, liveAt: ending.liveAt });
        if (sessions.length === 0) return none;
        const sids = ending.sids ? sessions.map((s) => s.sid) : undefined;
        const oidcRecords = await endOidcSessionsOf(tx, ending.userId, sids);
        const uses = await appsUsedBySessions(
          tx,
          sessions.map((s) => s.id),
        );
        return { ...none, sessions, uses, oidcRecords };
      }
      case 'player-apps': {
        let oidcRecords = 0;
        const oidcGrants: GrantsEnded[] = [];
        for (const appId of ending.appIds) {
          const app = await findAppById(tx, appId);
          if (!app) continue;
          const { records, userIds } = await endOidcGrants(tx, app.key, ending.userId);
          oidcRecords += records;
          oidcGrants.push({ app, userIds });
        }
        const uses = await forgetAppUses(tx, ending.appIds, { userId: ending.userId });
        return { ...none, uses, oidcRecords, oidcGrants };
      }
      case 'app': {
        const app = await findAppById(tx, ending.appId);
        if (!app) return none;
        const { records, userIds } = await endOidcGrants(tx, app.key);
        const oidcRecords = records + (await endMachineTokens(tx, app.key));
        const uses = await forgetAppUses(tx, [app.id], { oidcOnly: ending.uses === 'oidc' });
        return { ...none, uses, oidcRecords, oidcGrants: [{ app, userIds }] };
      }
      case 'grant':
        return { ...none, oidcRecords: await destroyOidcGrant(tx, ending.grantId) };
      case 'token':
        return { ...none, oidcRecords: await destroyOidcPayload(tx, ending.model, ending.id) };
    }
  })();
  const told = uses.filter((u) => u.backchannel_logout_url);
  const jobs = told.map((u): BackchannelLogoutJob => ({
    appId: u.app_id,
    userId: u.user_id,
    sid: u.sid,
    viaOidc: u.via_oidc,
    app: { key: u.key, audience: u.audience, backchannel_logout_url: u.backchannel_logout_url! },
  }));
  // A grant no live session used (an offline or a device's grant) is told too, by the player alone (no sid).
  for (const { app, userIds } of oidcGrants) {
    if (!app.backchannel_logout_url) continue;
    const app_ = { key: app.key, audience: app.audience, backchannel_logout_url: app.backchannel_logout_url };
    for (const userId of userIds) {
      if (told.some((u) => u.app_id === app.id && u.user_id === userId)) continue;
      jobs.push({ appId: app.id, userId, viaOidc: true, app: app_ });
    }
  }
  const ended: EndedAccess = {
    sessions,
    appsNotified: [
      ...new Set([
        ...uses.filter((u) => u.backchannel_logout_url || ending.kind === 'sessions').map((u) => u.key),
        ...jobs.map((j) => j.app!.key),
      ]),
    ],
    oidcRecords,
    frontChannelUrls: ending.kind === 'sessions' ? frontChannelUrls(deps.config.publicUrl, uses) : [],
  };
  return { ended, jobs };
}

/** OpenID Connect Front-Channel Logout 1.0: each app's page with the issuer and the session's sid. */
function frontChannelUrls(issuer: string, uses: readonly AppUseRow[]): string[] {
  const urls = uses
    .filter((u) => u.frontchannel_logout_url)
    .map((u) => {
      const url = new URL(u.frontchannel_logout_url!);
      url.searchParams.set('iss', issuer);
      url.searchParams.set('sid', u.sid);
      return url.toString();
    });
  return [...new Set(urls)];
}

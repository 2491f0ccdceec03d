import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { requireToken } from './auth.ts';
import { sendWsError } from './envelope.ts';
import { link } from './links.ts';
import { sendList } from './paging.ts';

/** Member lists answer at most this many members a page; 50 when item_count is not given. */
export const MEMBERS_PAGE_SIZE = 200;

/**
 * GET /ws/v2.0/faction/{uid}/members — the faction's members in UID order, paged
 * (`swcapi.members.{ attributes, member[] }`, each a character reference). Needs `faction_members`
 * (or `faction_all`) granted by a character who is a member of that faction when the call is made.
 */
export function registerFactionMembers(app: FastifyInstance, ctx: SimContext): void {
  app.get<{ Params: { uid: string } }>('/faction/:uid/members', async (request, reply) => {
    const f = ctx.factions.find((x) => x.uid === request.params.uid);
    if (!f) return sendWsError(reply, ctx, request, 404, `No faction ${request.params.uid}.`);
    const token = requireToken(ctx, request, reply, 'faction_members');
    if (!token) return reply;
    if (ctx.population.find(token.uid)?.faction?.uid !== f.uid) {
      return sendWsError(reply, ctx, request, 403, `Only members of ${f.name} may read its member list.`);
    }
    return sendList(reply, ctx, request, {
      plural: 'members',
      singular: 'member',
      items: ctx.population.members(f.uid),
      toItem: (c) => link(ctx, request, 'character', c),
      defaultCount: 50,
      maxCount: MEMBERS_PAGE_SIZE,
    });
  });
}

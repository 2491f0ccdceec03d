import type { FastifyInstance, FastifyRequest } from 'fastify';
import { baseUrl, type SimContext } from '../context.ts';
import type { SimulatorFaction } from '../types.ts';
import { sendWs, sendWsError, WS_PREFIX } from './envelope.ts';
import { sendList } from './paging.ts';

function href(ctx: SimContext, request: FastifyRequest, f: SimulatorFaction): string {
  return `${baseUrl(ctx, request)}${WS_PREFIX}/faction/${f.uid}`;
}

/** GET /ws/v2.0/factions/ (public, paged) and GET /ws/v2.0/faction/{uid} (public). */
export function registerFactions(app: FastifyInstance, ctx: SimContext): void {
  app.get('/factions/', async (request, reply) =>
    sendList(reply, ctx, request, {
      plural: 'factions',
      singular: 'faction',
      items: ctx.factions,
      toItem: (f) => ({ attributes: { uid: f.uid, name: f.name, href: href(ctx, request, f) }, value: f.name }),
    }),
  );

  app.get<{ Params: { uid: string } }>('/faction/:uid', async (request, reply) => {
    const f = ctx.factions.find((x) => x.uid === request.params.uid);
    if (!f) return sendWsError(reply, ctx, request, 404, `No faction ${request.params.uid}.`);
    const members = ctx.population.members(f.uid).length;
    return sendWs(reply, ctx, request, {
      faction: {
        uid: f.uid,
        name: f.name,
        href: href(ctx, request, f),
        type: { value: f.type },
        leader: { value: f.leader },
        founded: { value: f.founded },
        members: { value: members },
      },
    });
  });
}

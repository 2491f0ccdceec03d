import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SimContext } from '../context.ts';
import type { SimulatorCharacter } from '../types.ts';

/** The simulator's own view of a character (not an SWCombine shape): what tests and demos need to check a move. */
function characterState(c: SimulatorCharacter) {
  return { uid: c.uid, name: c.name, gender: c.gender, race: c.race, faction: c.faction };
}

function refuse(reply: FastifyReply, status: 400 | 404, message: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error: status === 404 ? 'not_found' : 'bad_request', message });
}

const BODY_HELP = 'Send JSON like {"faction": "20:2400"}, or {"faction": null} for no faction.';

/** The faction UID (or null) a move body names, or a message in words. */
function factionOfBody(ctx: SimContext, body: unknown): { faction: string | null } | { error: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { error: `The body must be a JSON object. ${BODY_HELP}` };
  const extra = Object.keys(body).filter((k) => k !== 'faction');
  if (extra.length) return { error: `Unknown field ${extra.join(', ')}. ${BODY_HELP}` };
  if (!Object.hasOwn(body, 'faction')) return { error: `faction is required. ${BODY_HELP}` };
  const faction = (body as { faction: unknown }).faction;
  if (faction === null) return { faction: null };
  if (typeof faction !== 'string') return { error: `faction must be a faction UID or null. ${BODY_HELP}` };
  if (!ctx.factions.some((f) => f.uid === faction)) {
    const known = ctx.factions.map((f) => `${f.uid} (${f.name})`).join(', ');
    return { error: `No faction ${faction.slice(0, 40)}. The simulator's factions: ${known}.` };
  }
  return { faction };
}

/**
 * Control routes for tests and demos, not part of SWCombine's API:
 * GET /sim/characters/{uid} answers a character as the simulator holds it;
 * PUT /sim/characters/{uid}/faction with `{"faction": "20:2400"}` or `{"faction": null}` moves it,
 * at once visible in `/ws/v2.0/character/` for its tokens and in the member lists.
 */
export function registerCharacterControl(app: FastifyInstance, ctx: SimContext): void {
  app.get<{ Params: { uid: string } }>('/sim/characters/:uid', async (request, reply) => {
    const c = ctx.population.find(request.params.uid);
    if (!c) return refuse(reply, 404, `No character ${request.params.uid}.`);
    return reply.header('cache-control', 'no-store').send(characterState(c));
  });

  app.put<{ Params: { uid: string } }>('/sim/characters/:uid/faction', async (request, reply) => {
    const { uid } = request.params;
    if (!ctx.population.find(uid)) return refuse(reply, 404, `No character ${uid}.`);
    const parsed = factionOfBody(ctx, request.body);
    if ('error' in parsed) return refuse(reply, 400, parsed.error);
    return reply.header('cache-control', 'no-store').send(characterState(ctx.population.move(uid, parsed.faction)));
  });
}

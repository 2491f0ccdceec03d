import type { FastifyInstance, FastifyRequest } from 'fastify';
import { imageUrl, type SimContext } from '../context.ts';
import { grants } from '../scopes.ts';
import type { SimulatorCharacter } from '../types.ts';
import { requireToken } from './auth.ts';
import { toCgt } from './cgt.ts';
import { sendWs, sendWsError } from './envelope.ts';

/** `location` from "City, Planet, System, Sector" (most specific first; the last part is the sector). */
function locationOf(raw: string) {
  const parts = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .reverse();
  const [sector, system, planet, city] = parts;
  const named = (value: string | undefined, type?: string) => (value ? { attributes: type ? { type } : {}, value } : null);
  return {
    container: null,
    sector: named(sector, 'sector'),
    system: named(system, 'system'),
    planet: named(planet),
    city: named(city),
    coordinates: null,
  };
}

export function characterJson(ctx: SimContext, request: FastifyRequest, c: SimulatorCharacter, scopes: string[], signedInAt: number) {
  const faction = c.faction ? { attributes: { uid: c.faction.uid }, value: c.faction.name } : undefined;
  return {
    uid: c.uid,
    name: c.name,
    image: imageUrl(ctx, request, c),
    gender: c.gender,
    race: { attributes: { uid: c.race.uid }, value: c.race.name },
    ...(faction ? { faction } : {}),
    factions: c.faction ? [{ attributes: { uid: c.faction.uid }, value: c.faction.name, primary: true }] : [],
    lastlogin: toCgt(signedInAt),
    ...(c.location && grants(scopes, 'character_location') ? { location: locationOf(c.location) } : {}),
  };
}

/** GET /ws/v2.0/character/ — the token's own character (needs character_read; location needs character_location). */
export function registerCharacter(app: FastifyInstance, ctx: SimContext): void {
  app.get('/character/', async (request, reply) => {
    const token = requireToken(ctx, request, reply, 'character_read');
    if (!token) return reply;
    const c = ctx.population.find(token.uid);
    if (!c) return sendWsError(reply, ctx, request, 404, 'The character no longer exists.');
    const signedInAt = ctx.store.grant(token.grantId)?.signedInAt ?? ctx.now();
    return sendWs(reply, ctx, request, { character: characterJson(ctx, request, c, token.scopes, signedInAt) });
  });
}

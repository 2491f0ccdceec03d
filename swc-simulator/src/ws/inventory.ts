import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { baseUrl, type SimContext } from '../context.ts';
import type { AccessRecord } from '../store.ts';
import { ASSIGN_TYPES, ENTITY_KINDS, isAssignType, isEntityKind, type EntityKind, type EntityRow } from '../world/inventory.ts';
import { requireToken } from './auth.ts';
import { sendWs, sendWsError } from './envelope.ts';
import { link, point, wsHref } from './links.ts';
import { sendList } from './paging.ts';

/** Inventory lists answer at most this many entities a page; 50 when item_count is not given. */
export const INVENTORY_PAGE_SIZE = 200;

interface Owner {
  uid: string;
  name: string;
  /** Scope prefix: `faction_inv_…` or `personal_inv_…`. */
  scopes: 'faction' | 'personal';
}

function ownerOf(ctx: SimContext, uid: string): Owner | undefined {
  const f = ctx.factions.find((x) => x.uid === uid);
  if (f) return { uid: f.uid, name: f.name, scopes: 'faction' };
  const c = ctx.population.find(uid);
  return c ? { uid: c.uid, name: c.name, scopes: 'personal' } : undefined;
}

/** Only the faction's members (or the character itself) may read an inventory. */
function mayRead(ctx: SimContext, token: AccessRecord, owner: Owner): boolean {
  if (owner.scopes === 'personal') return token.uid === owner.uid;
  return ctx.population.find(token.uid)?.faction?.uid === owner.uid;
}

function entitiesOf(ctx: SimContext, owner: Owner): readonly EntityRow[] {
  // The simulator's characters own nothing personally.
  return owner.scopes === 'faction' ? ctx.inventories.of(owner.uid).all : [];
}

function entityJson(ctx: SimContext, request: FastifyRequest, owner: Owner, e: EntityRow) {
  const g = ctx.galaxy;
  const system = g.systems.get(e.systemUid);
  const planet = system && e.planetIndex > 0 ? g.childrenOf('planets', system.uid)[e.planetIndex - 1] : undefined;
  const ownerLink = { attributes: { uid: owner.uid }, value: owner.name };
  const image = `${baseUrl(ctx, request)}/sim/types/${e.type.uid}.svg`;
  const points = (value: number, max: number) => ({ attributes: { max }, value });
  return {
    attributes: { href: wsHref(ctx, request, `inventory/${owner.uid}/${e.kind}/${e.uid}`) },
    value: {
      uid: e.uid,
      name: e.name,
      type: { attributes: { uid: e.type.uid, href: wsHref(ctx, request, `types/${e.kind}/${e.type.uid}`) }, value: e.type.name },
      owner: ownerLink,
      commander: e.commanded ? ownerLink : null,
      pilot: e.piloted ? ownerLink : null,
      images: { small: image, large: image },
      hull: points(e.hull, e.type.hull),
      shield: points(e.shield, e.type.shield),
      ionic: points(e.ionic, e.type.ionic),
      location: {
        container: null,
        sector: link(ctx, request, 'galaxy/sectors', system && g.sectors.get(system.sectorUid)),
        system: link(ctx, request, 'galaxy/systems', system),
        planet: link(ctx, request, 'galaxy/planets', planet),
        city: null,
        coordinates: { galaxy: system ? point(system.galaxy) : null, [planet ? 'surface' : 'system']: point(e.position) },
      },
      tags: { tag: e.tags },
      quantity: e.quantity,
    },
  };
}

/**
 * GET /ws/v2.0/inventory/{uid} (overview; needs `faction_inv_overview`), /inventory/{uid}/{kind}/{owner|commander|pilot}
 * (paged up to 200; needs `faction_inv_{kind}_read` or `_all`) and /inventory/{uid}/{kind}/{entityUid}. A faction's
 * inventory answers only its members; `1:…` UIDs are personal inventories (empty) with `personal_inv_…` scopes.
 */
export function registerInventory(app: FastifyInstance, ctx: SimContext): void {
  /** The owner the caller may read, or undefined after answering 401/403/404. */
  const readable = (request: FastifyRequest, reply: FastifyReply, uid: string, scope: (o: Owner) => string) => {
    const owner = ownerOf(ctx, uid);
    if (!owner) {
      sendWsError(reply, ctx, request, 404, `No faction or character ${uid}.`);
      return undefined;
    }
    const token = requireToken(ctx, request, reply, scope(owner));
    if (!token) return undefined;
    if (!mayRead(ctx, token, owner)) {
      sendWsError(
        reply,
        ctx,
        request,
        403,
        `Only ${owner.scopes === 'faction' ? `members of ${owner.name}` : owner.name} may read this inventory.`,
      );
      return undefined;
    }
    return owner;
  };

  app.get<{ Params: { uid: string } }>('/inventory/:uid', async (request, reply) => {
    const owner = readable(request, reply, request.params.uid, (o) => `${o.scopes}_inv_overview`);
    if (!owner) return reply;
    const all = entitiesOf(ctx, owner);
    const count = (kind: EntityKind) => {
      const own = all.filter((e) => e.kind === kind);
      const counts = { owner: own.length, commander: own.filter((e) => e.commanded).length, pilot: own.filter((e) => e.piloted).length };
      return Object.fromEntries(
        ASSIGN_TYPES.map((a) => [
          a,
          { attributes: { href: wsHref(ctx, request, `inventory/${owner.uid}/${kind}/${a}`) }, value: counts[a] },
        ]),
      );
    };
    return sendWs(reply, ctx, request, {
      inventory: { uid: owner.uid, name: owner.name, ...Object.fromEntries(ENTITY_KINDS.map((k) => [k, count(k)])) },
    });
  });

  app.get<{ Params: { uid: string; kind: string; which: string } }>('/inventory/:uid/:kind/:which', async (request, reply) => {
    const { uid, kind, which } = request.params;
    if (!isEntityKind(kind)) {
      return sendWsError(reply, ctx, request, 404, `No inventory list "${kind}"; try ${ENTITY_KINDS.join(', ')}.`);
    }
    const isUid = /^\d+:\d+$/.test(which);
    if (!isUid && !isAssignType(which)) {
      return sendWsError(reply, ctx, request, 404, `"${which}" is neither owner, commander, pilot nor an entity UID.`);
    }
    const owner = readable(request, reply, uid, (o) => `${o.scopes}_inv_${kind}_read`);
    if (!owner) return reply;
    const rows = entitiesOf(ctx, owner).filter((e) => e.kind === kind);
    if (isUid) {
      const e = rows.find((x) => x.uid === which);
      if (!e) return sendWsError(reply, ctx, request, 404, `No ${kind} ${which} in this inventory.`);
      return sendWs(reply, ctx, request, { entity: entityJson(ctx, request, owner, e) });
    }
    const listed = which === 'owner' ? rows : rows.filter((e) => (which === 'commander' ? e.commanded : e.piloted));
    return sendList(reply, ctx, request, {
      plural: 'entities',
      singular: 'entity',
      items: listed,
      toItem: (e) => entityJson(ctx, request, owner, e),
      defaultCount: 50,
      maxCount: INVENTORY_PAGE_SIZE,
    });
  });
}

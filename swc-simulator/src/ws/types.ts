import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import { isTypeKind, TYPE_KINDS, typeByUid, typesOf, type TypeKind, type TypeRow } from '../world/types.ts';
import { sendWs, sendWsError } from './envelope.ts';
import { listItem, wsHref } from './links.ts';
import { pageOf, readPaging, sendList } from './paging.ts';

/** Type lists answer at most this many rows a page (also the default page size). */
export const TYPES_PAGE_SIZE = 50;

function typeJson(ctx: SimContext, request: FastifyRequest, kind: TypeKind, t: TypeRow) {
  return {
    uid: t.uid,
    name: t.name,
    href: wsHref(ctx, request, `types/${kind}/${t.uid}`),
    class: { value: t.className },
    price: { attributes: { currency: 'credits' }, value: t.price },
    weight: t.weight,
    volume: t.volume,
    ...(TYPE_KINDS[kind].hulled ? { hull: t.hull, shield: t.shield, ionic: t.ionic } : {}),
  };
}

function unknownKind(kind: string): string {
  return `No type list "${kind}"; try ${Object.keys(TYPE_KINDS).join(', ')}.`;
}

/**
 * GET /ws/v2.0/types/{kind}/ (paged, `swcapi.<x>types.<x>type[]`), /types/{kind}/{uid} and
 * /types/classes/{kind} (`swcapi.classes.<kind>.class[]`; 404 without paging parameters, as on SWCombine).
 */
export function registerTypes(app: FastifyInstance, ctx: SimContext): void {
  app.get<{ Params: { kind: string } }>('/types/classes/:kind', async (request, reply) => {
    const { kind } = request.params;
    if (!isTypeKind(kind)) return sendWsError(reply, ctx, request, 404, unknownKind(kind));
    const q = (request.query ?? {}) as Record<string, unknown>;
    if (q.start_index === undefined && q.item_count === undefined) {
      return sendWsError(reply, ctx, request, 404, 'Class lists answer only with paging parameters: send start_index and item_count.');
    }
    const paging = readPaging(q, TYPES_PAGE_SIZE, TYPES_PAGE_SIZE);
    if ('error' in paging) return sendWsError(reply, ctx, request, 400, paging.error);
    const classes = TYPE_KINDS[kind].classes.map((name) => ({
      attributes: { name, count: typesOf(kind).filter((t) => t.className === name).length },
      value: name,
    }));
    const { attributes, items } = pageOf(classes, paging);
    return sendWs(reply, ctx, request, { classes: { [kind]: { attributes, class: items } } });
  });

  app.get<{ Params: { kind: string } }>('/types/:kind/', async (request, reply) => {
    const { kind } = request.params;
    if (!isTypeKind(kind)) return sendWsError(reply, ctx, request, 404, unknownKind(kind));
    const singular = TYPE_KINDS[kind].singular;
    return sendList(reply, ctx, request, {
      plural: `${singular}types`,
      singular: `${singular}type`,
      items: typesOf(kind),
      toItem: (t) => listItem(ctx, request, `types/${kind}`, t),
      defaultCount: TYPES_PAGE_SIZE,
      maxCount: TYPES_PAGE_SIZE,
    });
  });

  app.get<{ Params: { kind: string; uid: string } }>('/types/:kind/:uid', async (request, reply) => {
    const { kind, uid } = request.params;
    if (!isTypeKind(kind)) return sendWsError(reply, ctx, request, 404, unknownKind(kind));
    const t = typeByUid(kind, uid);
    if (!t) return sendWsError(reply, ctx, request, 404, `No ${TYPE_KINDS[kind].singular} type ${uid}.`);
    return sendWs(reply, ctx, request, { [`${TYPE_KINDS[kind].singular}type`]: typeJson(ctx, request, kind, t) });
  });
}

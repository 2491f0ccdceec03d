import type { FastifyRequest } from 'fastify';
import { baseUrl, type SimContext } from '../context.ts';
import type { Point } from '../world/galaxy-rows.ts';
import { WS_PREFIX } from './envelope.ts';

/** The absolute URL of a web-services path, e.g. `galaxy/systems/9:1`. */
export function wsHref(ctx: SimContext, request: FastifyRequest, path: string): string {
  return `${baseUrl(ctx, request)}${WS_PREFIX}/${path}`;
}

/** A reference to another resource: `{ attributes: { uid, href }, value: name }`, or null when it is gone. */
export function link(ctx: SimContext, request: FastifyRequest, path: string, row: { uid: string; name: string } | undefined | null) {
  return row ? { attributes: { uid: row.uid, href: wsHref(ctx, request, `${path}/${row.uid}`) }, value: row.name } : null;
}

/** A list item: `{ attributes: { uid, name, href }, value: name }`. */
export function listItem(ctx: SimContext, request: FastifyRequest, path: string, row: { uid: string; name: string }) {
  return { attributes: { uid: row.uid, name: row.name, href: wsHref(ctx, request, `${path}/${row.uid}`) }, value: row.name };
}

export function point(p: Point) {
  return { attributes: { x: p.x, y: p.y } };
}

/** Rows in a detail answer: `{ attributes: { count }, <singular>: [links] }`. */
export function linkList(
  ctx: SimContext,
  request: FastifyRequest,
  path: string,
  singular: string,
  rows: readonly { uid: string; name: string }[],
) {
  return { attributes: { count: rows.length }, [singular]: rows.map((r) => link(ctx, request, path, r)) };
}

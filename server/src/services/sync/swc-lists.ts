import { createHash } from 'node:crypto';
import { z } from 'zod';

/** `{ attributes: { uid, href }, value: name }`: how SWCombine answers a reference to another row. */
export const Reference = z.object({ attributes: z.object({ uid: z.string() }).loose(), value: z.unknown().optional() }).loose();
export type Reference = z.infer<typeof Reference>;

/** `{ attributes: { x, y } }`: a point in galaxy (or system) coordinates. */
export const Point = z.object({ attributes: z.object({ x: z.coerce.number(), y: z.coerce.number() }) });

const Attributes = z.object({ start: z.coerce.number(), total: z.coerce.number(), count: z.coerce.number() });
export type ListAttributes = z.infer<typeof Attributes>;

/** SWCombine's JSON turns a list of one into an object and an empty list into nothing. */
const Items = z
  .union([z.array(z.unknown()), z.record(z.string(), z.unknown()), z.null(), z.undefined()])
  .transform((v) => (Array.isArray(v) ? v : v ? [v] : []));

/** A detail answer's list of references `{ attributes: { count }, <itemKey>: [...] }` (absent when empty): their UIDs. */
export const referencedUids = (itemKey: string) =>
  z
    .object({ [itemKey]: Items.pipe(z.array(Reference.nullable())) })
    .loose()
    .nullish()
    .transform((v) => (v ? (v[itemKey] as (Reference | null)[]) : []).flatMap((r) => (r ? [r.attributes.uid] : [])));

/** A paged list answer `swcapi.<plural>.{ attributes, <singular>[] }`, or any other nesting (`classes.ships`). */
export function listSchema(path: readonly string[], itemKey: string): z.ZodType<{ attributes: ListAttributes; items: unknown[] }> {
  const inner = z
    .object({ attributes: Attributes })
    .and(z.object({ [itemKey]: Items }))
    .transform((v) => ({ attributes: v.attributes, items: (v as Record<string, unknown>)[itemKey] as unknown[] }));
  let schema: z.ZodType<{ attributes: ListAttributes; items: unknown[] }> = inner;
  for (const key of [...path].reverse()) {
    const wrapped = schema;
    schema = z.object({ [key]: wrapped }).transform((v) => v[key] as { attributes: ListAttributes; items: unknown[] });
  }
  return schema;
}

/** The next `start_index` after a page, and whether that was the last page. */
export function afterPage(a: ListAttributes): { next: number; last: boolean } {
  const next = a.start + a.count;
  return { next, last: a.count === 0 || next - 1 >= a.total };
}

/** A stable fingerprint of an answer: the same JSON gives the same hash. */
export const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

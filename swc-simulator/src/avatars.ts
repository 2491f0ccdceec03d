import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SimContext } from './context.ts';
import { avatarSvg } from './pages/avatar.ts';
import { findType } from './world/types.ts';

/**
 * GET /sim/avatars/{uid}.svg — the generated avatar the character's `image` points to;
 * GET /sim/types/{uid}.svg — the picture an inventory entity's `images` point to.
 */
export function registerAvatars(app: FastifyInstance, ctx: SimContext): void {
  app.get<{ Params: { file: string } }>('/sim/avatars/:file', async (request, reply) => {
    const m = /^(.+)\.svg$/.exec(request.params.file);
    const c = m ? ctx.population.find(m[1]!) : undefined;
    if (!c) return reply.code(404).send({ error: 'not_found', message: 'No such avatar.' });
    return sendSvg(reply, c.uid, c.name);
  });
  app.get<{ Params: { file: string } }>('/sim/types/:file', async (request, reply) => {
    const m = /^(.+)\.svg$/.exec(request.params.file);
    const t = m ? findType(m[1]!) : undefined;
    if (!t) return reply.code(404).send({ error: 'not_found', message: 'No such type image.' });
    return sendSvg(reply, t.uid, t.name);
  });
}

function sendSvg(reply: FastifyReply, uid: string, name: string): FastifyReply {
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(avatarSvg(uid, name));
}

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '../deps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export default fp(async function depsPlugin(app: FastifyInstance, opts: { deps: Deps }) {
  app.decorate('deps', opts.deps);
});

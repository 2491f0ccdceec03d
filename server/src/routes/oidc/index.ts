import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { createOidcProvider } from '../../services/oidc/provider.ts';
import { oidcErrorHandler } from './answers.ts';
import authorizationPostRoute from './authorization-post.ts';
import { createClientAuthLimit } from '../auth/client-auth-limit.ts';
import endSessionRoutes from './end-session.ts';
import interactionRoute from './interaction.ts';
import libraryRoutes from './library-routes.ts';
import introspectionAndRevocationRoutes from './introspection-and-revocation.ts';
import userinfoRoute from './userinfo.ts';

/** Public: the OpenID Provider. Apps sign players in here; each route decides itself what a session changes. */
export default async function oidcRoutes(app: FastifyInstance) {
  const oidc = createOidcProvider(app.deps);
  app.setErrorHandler(oidcErrorHandler);
  // One count of failed client authentications for the token, device authorization, introspection and revocation endpoints.
  const clientAuthLimit = createClientAuthLimit(app);
  await app.register(libraryRoutes, { oidc, clientAuthLimit });
  await app.register(async (own) => {
    await own.register(formbody);
    await own.register(authorizationPostRoute);
    await own.register(interactionRoute, { oidc });
    await own.register(userinfoRoute);
    await own.register(endSessionRoutes);
    await own.register(introspectionAndRevocationRoutes, { clientAuthLimit });
  });
}

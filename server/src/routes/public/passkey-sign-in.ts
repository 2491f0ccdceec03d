import { passkeySignIn } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta, setSessionCookie } from '../../plugins/session.ts';
import { passkeySignInOptions, signInWithPasskey } from '../../services/passkeys/sign-in.ts';
import { route } from '../endpoint-route.ts';

const tags = ['auth'];

/** Sign in with a passkey: public, and counted with every other sign-in start from the address. */
export default async function passkeySignInRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, passkeySignIn.options, {
    tags,
    summary: 'The prompt of a passkey sign-in (one use, within 5 minutes)',
    preHandler: app.signInStartLimit,
    handler: () => passkeySignInOptions(deps),
  });
  route(app, passkeySignIn.signIn, {
    tags,
    summary: 'Sign in with a passkey: a session for the portal with no SWCombine round trip; answers where to go',
    preHandler: app.signInStartLimit,
    handler: async (request, reply) => {
      const { token, expiresAt, redirect } = await signInWithPasskey(deps, request.body.answer, requestMeta(request));
      setSessionCookie(app, reply, token, expiresAt);
      return { redirect };
    },
  });
}

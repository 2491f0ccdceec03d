import { ownPasskeys } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../plugins/session.ts';
import { adminConsoleStepUp } from '../../services/passkeys/admin-console.ts';
import { confirmOptions, confirmWithPasskey } from '../../services/passkeys/confirm.ts';
import { signInNote } from '../../services/passkeys/sign-in-note.ts';
import { addPasskey, ownPasskeys as listOwn, passkeyCreationOptions, removeOwnPasskey } from '../../services/passkeys/own-passkeys.ts';
import { route } from '../endpoint-route.ts';

const tags = ['me: your account'];

/** The player's own passkeys: add (after a fresh SWCombine sign-in), list, remove, and confirm it's them. */
export default async function passkeyRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, ownPasskeys.list, {
    tags,
    summary: 'Your passkeys, and until when this session may add one (a SWCombine sign-in at most 10 minutes old)',
    handler: (request) => listOwn(deps, request.auth),
  });
  route(app, ownPasskeys.creationOptions, {
    tags,
    summary: 'The prompt to create a passkey (403 unless the SWCombine sign-in is at most 10 minutes old); answer within 5 minutes',
    handler: (request) => passkeyCreationOptions(deps, request.auth),
  });
  route(app, ownPasskeys.add, {
    tags,
    summary: 'Add a passkey: its name and the browser’s answer to the prompt',
    handler: (request) => addPasskey(deps, request.auth, request.body, requestMeta(request)),
  });
  route(app, ownPasskeys.remove, {
    tags,
    summary: 'Remove one of your passkeys (404 for one that is not yours)',
    handler: async (request) => {
      await removeOwnPasskey(deps, request.auth, request.params.passkeyId, requestMeta(request));
      return null;
    },
  });
  route(app, ownPasskeys.signInNote, {
    tags,
    summary: 'The dashboard’s line after a passkey sign-in while SWCombine does not answer (note: null otherwise)',
    handler: (request) => signInNote(deps, request.auth),
  });
  route(app, ownPasskeys.adminConsole, {
    tags,
    summary: 'What the admin console asks of this session: a passkey used within ADMIN_STEP_UP_HOURS when ADMIN_PASSKEY=required',
    handler: (request) => adminConsoleStepUp(deps, request.auth),
  });
  route(app, ownPasskeys.confirmOptions, {
    tags,
    summary: 'The prompt to confirm it’s you with one of your passkeys (409 when you have none)',
    handler: (request) => confirmOptions(deps, request.auth),
  });
  route(app, ownPasskeys.confirm, {
    tags,
    summary: 'Confirm it’s you: this session records the passkey use (the admin console and apps may require one)',
    handler: async (request) => {
      await confirmWithPasskey(deps, request.auth, request.body.answer, requestMeta(request));
      return null;
    },
  });
}

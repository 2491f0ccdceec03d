import type { FastifyReply } from 'fastify';

/** Discord's JSON errors the simulator answers: HTTP status, JSON code, message (as discord.com words them). */
export const DiscordErrors = {
  unauthorized: [401, 0, '401: Unauthorized'],
  notFound: [404, 0, '404: Not Found'],
  unknownGuild: [404, 10004, 'Unknown Guild'],
  unknownMember: [404, 10007, 'Unknown Member'],
  unknownRole: [404, 10011, 'Unknown Role'],
  unknownUser: [404, 10013, 'Unknown User'],
  missingAccess: [403, 50001, 'Missing Access'],
  missingPermissions: [403, 50013, 'Missing Permissions'],
  invalidOAuthToken: [403, 50025, 'Invalid OAuth2 access token'],
  invalidFormBody: [400, 50035, 'Invalid Form Body'],
  invalidApiVersion: [400, 50041, 'Invalid API Version'],
  invalidJson: [400, 50109, 'The request body contains invalid JSON.'],
} as const satisfies Record<string, readonly [number, number, string]>;

export type DiscordErrorName = keyof typeof DiscordErrors;

/** One field's problem in a 50035 answer, as Discord nests them: `{ field: { _errors: [{ code, message }] } }`. */
export interface FieldError {
  /** Dotted path; array indexes are path parts too (`roles.0`). */
  path: string;
  code: string;
  message: string;
}

type ErrorTree = { _errors?: { code: string; message: string }[]; [key: string]: unknown };

function nest(problems: readonly FieldError[]): ErrorTree {
  const root: ErrorTree = {};
  for (const p of problems) {
    let node = root;
    for (const part of p.path.split('.').filter(Boolean)) node = (node[part] ??= {}) as ErrorTree;
    (node._errors ??= []).push({ code: p.code, message: p.message });
  }
  return root;
}

/** Sends Discord's error body `{ message, code, errors? }` with its status. */
export function sendError(reply: FastifyReply, name: DiscordErrorName, problems?: readonly FieldError[]): FastifyReply {
  const [status, code, message] = DiscordErrors[name];
  return reply.code(status).send({ message, code, ...(problems?.length ? { errors: nest(problems) } : {}) });
}

/** The 50035 answer for one or more fields. */
export function sendFormErrors(reply: FastifyReply, problems: readonly FieldError[]): FastifyReply {
  return sendError(reply, 'invalidFormBody', problems);
}

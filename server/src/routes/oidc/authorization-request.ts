import { hasControlCharacters } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendStopPage } from './answers.ts';

const MAX_VALUE = 4096;

/** Why an authorization request's parameters cannot even be read, or null when they can. */
export function unreadableParameter(params: Record<string, unknown>): string | null {
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) return `The parameter ${name.slice(0, 40)} is given more than once.`;
    if (typeof value !== 'string') continue;
    if (value.length > MAX_VALUE) return `The parameter ${name.slice(0, 40)} is longer than ${MAX_VALUE} characters.`;
    if (hasControlCharacters(value) || /[\ud800-\udfff]/.test(value.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))) {
      return `The parameter ${name.slice(0, 40)} holds control characters or broken text.`;
    }
  }
  return null;
}

/**
 * Parameters nobody could have meant are refused with a page before the protocol library sees
 * them: its redirect_uri cannot be trusted then, so nothing redirects.
 */
export function refuseUnreadable(publicUrl: string, params: Record<string, unknown>, reply: FastifyReply): FastifyReply | null {
  const why = unreadableParameter(params);
  return why ? sendStopPage(reply, publicUrl, { title: 'This sign-in cannot go on', message: why }) : null;
}

export const queryOf = (request: FastifyRequest) => request.query as Record<string, unknown>;

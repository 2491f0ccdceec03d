import type { DiscordAPIError, HTTPError } from '@discordjs/rest';
import { Conflict, Unavailable } from '../../lib/errors.ts';
import { loadedDiscordRest } from './rest-module.ts';

const isApiError = (err: unknown): err is DiscordAPIError => {
  const rest = loadedDiscordRest();
  return rest !== undefined && err instanceof rest.DiscordAPIError;
};
const isHttpError = (err: unknown): err is HTTPError => {
  const rest = loadedDiscordRest();
  return rest !== undefined && err instanceof rest.HTTPError;
};

/** A Discord error answer with this JSON error code (10007 Unknown Member, 50013 Missing Permissions…). */
export function isDiscordError(err: unknown, code: number): boolean {
  return isApiError(err) && err.code === code;
}

/** Discord refused the bot's token (401): every call would fail, and each counts towards an address ban. */
export function isBadToken(err: unknown): boolean {
  return isApiError(err) && err.status === 401;
}

/** Discord answered with a refusal that a retry cannot change (4xx other than 429). */
export function isRefusal(err: unknown): boolean {
  return isApiError(err) && err.status >= 400 && err.status < 500;
}

/** An error from Discord in words, for the screen and the audit log (no token or body). */
export function discordErrorWords(err: unknown): string {
  if (isApiError(err)) {
    if (err.status === 401)
      return 'Discord refused the bot token (401 Unauthorized): reset the bot token in Discord’s developer portal and save it here';
    if (err.code === 50013)
      return 'Discord refused: the bot lacks a permission or the role stands above the bot’s highest role (50013 Missing Permissions)';
    if (err.code === 50001)
      return 'Discord refused: the bot cannot see the server, or the Server Members intent is off (50001 Missing Access)';
    if (err.code === 10004) return 'Discord does not know this server id, or the bot is not in it (10004 Unknown Guild)';
    return `Discord refused the request (${err.status}, code ${err.code}): ${err.message}`;
  }
  if (isHttpError(err)) return `Discord answered ${err.status}: it may be down; the portal tries again`;
  const message = err instanceof Error ? err.message : String(err);
  return `Discord could not be reached (${message}); the portal tries again`;
}

/** What a request answers when Discord failed it: a refusal is a 409 in words; Discord down or unreachable a 503. */
export function discordFailure(err: unknown, what: string): Error {
  const message = `${what}: ${discordErrorWords(err)}`;
  return isRefusal(err) ? new Conflict(message) : new Unavailable(message);
}

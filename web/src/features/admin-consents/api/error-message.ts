import { ApiError } from '@/lib/api-error.ts';

/**
 * SPEC.md §8: the server's `message` field, else the screen's fallback. Only an `{error, message}` answer
 * counts as a message from the server (not a bare status line, no answer, or an unexpected body).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const fromServer = error.status > 0 && error.error !== 'invalid_response' && !/^http_\d+$/.test(error.error);
  return fromServer && error.message.trim() ? error.message : fallback;
}

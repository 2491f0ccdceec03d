/** Socket failures (raw errors of node:net, which pg passes on as they are). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs that mean "not now" rather than "wrong request": connection exceptions (08…), the server
 * shutting down or starting (57P01–57P03), too many connections (53300), a statement cancelled by
 * statement_timeout (57014), a session ended by idle_in_transaction_session_timeout (25P03).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300', '25P03']);

/** Messages of node-postgres itself when the server does not answer or the connection dies. */
const CLIENT_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
];

/**
 * Did this error come from PostgreSQL being unreachable, overloaded or too slow (worth a retry)?
 * Causes are not followed: a failed fetch to another service wraps the same socket codes.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message, syscall, errors } = err as { code?: unknown; message?: unknown; syscall?: unknown; errors?: unknown };
  if (typeof code === 'string' && (SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof code === 'string' && typeof syscall === 'string' && NETWORK_CODES.has(code)) return true;
  if (typeof message === 'string' && CLIENT_MESSAGES.some((m) => message.includes(m))) return true;
  // Connecting to a name with several addresses fails with one error per address.
  return err instanceof AggregateError && Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e));
}

import { SwcUpstreamError } from './client.ts';

/** SWCombine's default wait (SWC_REQUEST_TIMEOUT_S). */
export const DEFAULT_SWC_TIMEOUT_MS = 10_000;

export const isTimeout = (err: unknown): boolean => err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

export const timeoutError = (ms: number) => new SwcUpstreamError(`SWCombine did not answer within ${ms / 1000} s`);

/**
 * Every request to SWCombine gives up after `ms` (headers and body), so a SWCombine that hangs
 * cannot keep a sign-in, a consent or a token exchange open for minutes.
 */
export function timedFetch(base: typeof fetch, ms: number): typeof fetch {
  return async (input, init) => {
    const timeout = AbortSignal.timeout(ms);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    try {
      return await base(input, { ...init, signal });
    } catch (err) {
      if (timeout.aborted && isTimeout(err)) throw timeoutError(ms);
      throw err;
    }
  };
}

// Without the contract's schemas: main.tsx starts the first requests of a screen with this before the
// screen's code (and the schema library with it) has arrived.
import type { RenderedAnswer } from '@portal/contract';
import { ApiError, ClientErrorCode } from './api-error.ts';
import { authServiceUrl } from './auth-urls.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An answer read to its end. */
export interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
}

/** One request to the auth service: credentials included, JSON in, the answer read to its end; no response at all is thrown as ApiError. */
export async function request(method: Method, path: string, body: unknown, signal?: AbortSignal): Promise<Answer> {
  // A server render reads only the answers it was handed (`provideEarlyAnswers`): it has no visitor to ask as.
  if (import.meta.env.SSR) throw new ApiError(0, ClientErrorCode.NetworkError, `${path} was not answered for the server render.`);
  try {
    const response = await fetch(authServiceUrl(path), {
      method,
      credentials: 'include',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    return { status: response.status, statusText: response.statusText, headers: response.headers, text: await response.text() };
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, ClientErrorCode.NetworkError, 'The server could not be reached.', { cause });
  }
}

/** GETs started before the code that reads them had arrived, by path; each is taken once. */
const earlyGets = new Map<string, Promise<Answer>>();

/** GETs started by `startEarlyGets`. */
interface EarlyGets {
  /**
   * Settles once every answer that has fully arrived over the network is read too. Those are a few tasks from
   * being read, so rendering before them would render the screen twice; answers still on their way are not waited for.
   */
  arrived(): Promise<void>;
}

/**
 * Starts these GETs now, before the code that needs them has loaded (main.tsx: the first requests of
 * the path being opened); the next GET of each path takes its answer instead of asking again.
 */
export function startEarlyGets(paths: string[]): EarlyGets {
  const started = paths.map((path) => {
    const answer = request('GET', path, undefined);
    answer.catch(() => undefined); // its taker sees the failure; none is reported before that
    earlyGets.set(path, answer);
    return { url: new URL(authServiceUrl(path), window.location.href).href, answer };
  });
  return {
    arrived: async () => {
      // The browser lists a request among its resources once its answer has arrived whole.
      const whole = started.filter(({ url }) => performance.getEntriesByName(url, 'resource').length > 0);
      await Promise.allSettled(whole.map(({ answer }) => answer));
    },
  };
}

/** Hands over answers fetched elsewhere (the server, for a page it renders) as early GETs. */
export function provideEarlyAnswers(answers: Record<string, RenderedAnswer>): void {
  for (const [path, { status, body }] of Object.entries(answers)) {
    earlyGets.set(
      path,
      Promise.resolve({ status, statusText: '', headers: new Headers({ 'content-type': 'application/json' }), text: body }),
    );
  }
}

/** Drops the early answers nobody took, so no later visit reads an old one. */
export function discardEarlyGets(): void {
  earlyGets.clear();
}

export function takeEarlyGet(path: string): Promise<Answer> | undefined {
  const answer = earlyGets.get(path);
  earlyGets.delete(path);
  return answer;
}

import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import type { SwcBudget } from './budget.ts';
import { SwcApiError, SwcBudgetExhausted, SwcUpstreamError, type SwcCharacter, type SwcWsRequest } from './client.ts';
import { readRateLimit, retryTime } from './rate-limit-headers.ts';
import { isTimeout } from './timed-fetch.ts';

const ErrorEnvelope = z.object({ swcapi: z.object({ error_code: z.unknown(), error_message: z.string() }) });

/**
 * Over its limit SWCombine answers 400 (some clients report 429); a 400 is a rate-limit refusal when
 * it says so or tells when to retry.
 */
const isOverLimit = (res: Response, message: string) =>
  res.status === 429 || (res.status === 400 && (res.headers.has('retry-after') || /rate.?limit/i.test(message)));

interface WebServicesOptions {
  baseUrl: string;
  fetch: typeof fetch;
  budget: SwcBudget;
  clock: Clock;
}

/** The one way to call web services v2.0: budget first, `Authorization: OAuth`, JSON, envelope and rate headers read. */
export function createWebServices(opts: WebServicesOptions) {
  return async function callWebService<T>(req: SwcWsRequest<T>): Promise<T> {
    await opts.budget.take(req.callClass);
    const url = new URL(`${opts.baseUrl}/ws/v2.0${req.path}`);
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (req.accessToken) headers.Authorization = `OAuth ${req.accessToken}`;
    let res: Response;
    try {
      res = await opts.fetch(url, { headers });
    } catch (err) {
      if (err instanceof SwcUpstreamError) throw err; // the request timed out
      throw new SwcUpstreamError(`SWCombine is unreachable: ${(err as Error).message}`);
    }
    const body: unknown = await res.json().catch((err: unknown) => {
      if (isTimeout(err)) throw new SwcUpstreamError(`SWCombine stopped answering ${req.what}`);
      return null;
    });
    if (!res.ok) {
      const parsed = ErrorEnvelope.safeParse(body);
      const message = parsed.success ? parsed.data.swcapi.error_message : `HTTP ${res.status}`;
      if (isOverLimit(res, message)) {
        const retryAt = await opts.budget.exhaust(retryTime(res.headers, opts.clock.now()));
        throw new SwcBudgetExhausted(retryAt, req.callClass);
      }
      await observe(res.headers);
      throw new SwcApiError(res.status, `SWCombine refused ${req.what}: ${message}`);
    }
    await observe(res.headers);
    const parsed = z.object({ swcapi: req.schema }).safeParse(body);
    if (!parsed.success) throw new SwcUpstreamError(`SWCombine answered ${req.what} in an unexpected shape`);
    return parsed.data.swcapi;
  };

  async function observe(headers: Headers) {
    const rate = readRateLimit(headers);
    if (rate) await opts.budget.observe(rate);
  }
}

const Named = z.object({ value: z.string() }).nullish();
/** A reference with its UID: `{ attributes: { uid }, value }`. */
const Referenced = z.object({ value: z.string(), attributes: z.object({ uid: z.string() }).partial().nullish() }).nullish();

const CharacterSwcapi = z.object({
  character: z.object({
    uid: z.string(),
    name: z.string(),
    image: z.string().nullish(),
    race: Named,
    faction: Referenced,
  }),
});

type CallWebService = ReturnType<typeof createWebServices>;

/** GET /ws/v2.0/character/: the token's character. */
export async function fetchCharacter(
  call: CallWebService,
  accessToken: string,
  callClass: SwcWsRequest<unknown>['callClass'],
): Promise<SwcCharacter> {
  const { character: c } = await call({
    path: '/character/',
    accessToken,
    callClass,
    schema: CharacterSwcapi,
    what: 'the character lookup',
  });
  return {
    uid: c.uid,
    name: c.name,
    image: c.image ?? null,
    race: c.race?.value ?? null,
    faction: c.faction?.value || null,
    factionUid: c.faction?.value ? (c.faction.attributes?.uid ?? null) : null,
  };
}

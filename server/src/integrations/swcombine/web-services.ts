import { z } from 'zod';
import { SwcUpstreamError, type SwcCharacter } from './client.ts';

const Named = z.object({ value: z.string() }).nullish();

const CharacterEnvelope = z.object({
  swcapi: z.object({
    character: z.object({
      uid: z.string(),
      name: z.string(),
      image: z.string().nullish(),
      race: Named,
      faction: Named,
    }),
  }),
});

const ErrorEnvelope = z.object({ swcapi: z.object({ error_code: z.unknown(), error_message: z.string() }) });

/** GET /ws/v2.0/character/ with the token in SWCombine's `Authorization: OAuth` form. */
export async function fetchCharacter(baseUrl: string, accessToken: string, fetchFn: typeof fetch): Promise<SwcCharacter> {
  let res: Response;
  try {
    res = await fetchFn(`${baseUrl}/ws/v2.0/character/`, {
      headers: { Accept: 'application/json', Authorization: `OAuth ${accessToken}` },
    });
  } catch (err) {
    throw new SwcUpstreamError(`SWCombine is unreachable: ${(err as Error).message}`);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = ErrorEnvelope.safeParse(body);
    const detail = parsed.success ? parsed.data.swcapi.error_message : `HTTP ${res.status}`;
    throw new SwcUpstreamError(`SWCombine refused the character lookup: ${detail}`);
  }
  const parsed = CharacterEnvelope.safeParse(body);
  if (!parsed.success) throw new SwcUpstreamError('SWCombine answered an unexpected character shape');
  const c = parsed.data.swcapi.character;
  return { uid: c.uid, name: c.name, image: c.image ?? null, race: c.race?.value ?? null, faction: c.faction?.value ?? null };
}

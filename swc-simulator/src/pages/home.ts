import type { SimulatorCharacter } from '../types.ts';
import { FIRST_GENERATED_ID, GENERATED_COUNT } from '../world/population-generate.ts';
import { esc } from './escape.ts';
import { page } from './layout.ts';

/** GET / — what this server is, for a human who opens it. */
export function homePage(characters: readonly SimulatorCharacter[]): string {
  const rows = characters
    .map((c) => `<li><code>${esc(c.uid)}</code> ${esc(c.name)} — ${esc(c.race.name)}, ${esc(c.faction?.name ?? 'no faction')}</li>`)
    .join('\n');
  return page(
    'SWCombine simulator',
    `<section>
<h1>SWCombine simulator</h1>
<p>Speaks swcombine.com's OAuth 2.0 (<code>/ws/oauth2/auth/</code>, <code>/ws/oauth2/token/</code>, <code>/ws/oauth2/revoke</code>,
<code>/ws/oauth2/tokeninfo/</code>) and web services v2.0 (<code>/ws/v2.0/character/</code>, <code>/ws/v2.0/factions/</code>,
<code>/ws/v2.0/faction/{uid}/members</code>, <code>/ws/v2.0/galaxy/…</code>, <code>/ws/v2.0/types/…</code>, <code>/ws/v2.0/inventory/…</code>, <code>/ws/v2.0/ratelimits</code>)
over a galaxy generated from a fixed seed.</p>
</section>
<section><h2>Characters</h2><ul class="scopes">${rows}</ul>
<p>and ${GENERATED_COUNT.toLocaleString('en')} generated ones, <code>1:${FIRST_GENERATED_ID}</code> to <code>1:${FIRST_GENERATED_ID + GENERATED_COUNT - 1}</code>
(sign in with "Sign in as UID").</p></section>
<section><h2>For tests and demos</h2>
<p><code>PUT /sim/characters/{uid}/faction</code> with <code>{"faction": "20:2400"}</code> or <code>{"faction": null}</code> moves a character
between factions; <code>GET /sim/characters/{uid}</code> shows where it is.</p></section>`,
  );
}

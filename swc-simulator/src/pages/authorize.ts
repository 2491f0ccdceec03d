import { avatarPath } from '../context.ts';
import { describeScope } from '../scopes.ts';
import type { SimulatorCharacter } from '../types.ts';
import { esc } from './escape.ts';
import { page } from './layout.ts';

/** The consent form's checkboxes: one per requested scope, ticked when the player grants it. */
export const GRANTED_SCOPE_FIELD = 'granted_scope';

export interface AuthorizePageInput {
  clientName: string;
  redirectUri: string;
  scopes: string[];
  offline: boolean;
  characters: readonly SimulatorCharacter[];
  /** Carried back in the form POST as hidden fields. */
  hidden: Record<string, string | undefined>;
}

function characterRow(c: SimulatorCharacter): string {
  const image = c.image ?? avatarPath(c.uid);
  const meta = [c.race.name, c.faction?.name ?? 'No faction'].join(' · ');
  return `<li class="character">
<img src="${esc(image)}" alt="" width="48" height="48">
<div class="who"><div class="name">${esc(c.name)}</div><div class="meta">${esc(meta)} · <code>${esc(c.uid)}</code></div></div>
<button type="submit" class="signin" name="character" value="${esc(c.uid)}">Sign in as ${esc(c.name)}</button>
</li>`;
}

function scopeRow(scope: string): string {
  return `<li><label><input type="checkbox" name="${GRANTED_SCOPE_FIELD}" value="${esc(scope)}" checked> <code>${esc(scope)}</code> <span>${esc(describeScope(scope))}</span></label></li>`;
}

/**
 * The consent page, one form: the requested scopes as checkboxes (all ticked, so the player may grant
 * a subset), one `Sign in as {name}` button per character, and `Deny`.
 */
export function authorizePage(input: AuthorizePageInput): string {
  const hidden = Object.entries(input.hidden)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('\n');
  const target = new URL(input.redirectUri).host;
  return page(
    `SWCombine — Authorize ${input.clientName}`,
    `<section>
<h1>Authorize ${esc(input.clientName)}</h1>
<p><strong>${esc(input.clientName)}</strong> wants to use your Star Wars Combine account. Choose the character to sign in with.</p>
</section>
<form method="post" action="/ws/oauth2/auth/">
${hidden}
<section>
<h2>Requested access</h2>
<p>Untick what you do not want to grant.</p>
<ul class="scopes">
${input.scopes.map(scopeRow).join('\n')}
</ul>
${input.offline ? '<p>It also asks for <strong>offline access</strong>: it may keep this access until you revoke it.</p>' : ''}
</section>
<section>
<h2>Your characters</h2>
<ul class="characters">
${input.characters.map(characterRow).join('\n')}
</ul>
</section>
<div class="actions"><button type="submit" class="deny" name="decision" value="deny">Deny</button></div>
</form>
<section><p>After you choose, you will be sent back to <code>${esc(target)}</code>.</p></section>`,
  );
}

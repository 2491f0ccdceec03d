import { avatarPath } from '../context.ts';
import { describeScope } from '../scopes.ts';
import type { SimulatorCharacter } from '../types.ts';
import { EXAMPLE_UID, FIRST_GENERATED_ID, GENERATED_COUNT } from '../world/population-generate.ts';
import { esc } from './escape.ts';
import { page } from './layout.ts';

/** The consent form's checkboxes: one per requested scope, ticked when the player grants it. */
export const GRANTED_SCOPE_FIELD = 'granted_scope';
/** The "Sign in as UID" text field; its button (and Enter in the field) posts `decision=uid`. */
export const UID_FIELD = 'character_uid';
export const SIGN_IN_BY_UID = 'uid';

export interface AuthorizePageInput {
  clientName: string;
  redirectUri: string;
  scopes: string[];
  offline: boolean;
  characters: readonly SimulatorCharacter[];
  /** Carried back in the form POST as hidden fields. */
  hidden: Record<string, string | undefined>;
  /** The scopes ticked (default: every requested scope). */
  ticked?: readonly string[];
  /** After a refused "Sign in as UID": what was typed and why it was refused. */
  uid?: { value: string; error: string };
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

function scopeRow(scope: string, ticked: boolean): string {
  return `<li><label><input type="checkbox" name="${GRANTED_SCOPE_FIELD}" value="${esc(scope)}"${ticked ? ' checked' : ''}> <code>${esc(scope)}</code> <span>${esc(describeScope(scope))}</span></label></li>`;
}

/**
 * Enter in a text field presses the form's first submit button, which would otherwise be the first
 * character's: this unseen copy of "Sign in as UID" comes first, so Enter in the UID field signs in by UID.
 */
const DEFAULT_BUTTON = `<button type="submit" class="default-button" name="decision" value="${SIGN_IN_BY_UID}" tabindex="-1" aria-hidden="true">Sign in as UID</button>`;

function uidSection(state: AuthorizePageInput['uid']): string {
  const last = FIRST_GENERATED_ID + GENERATED_COUNT - 1;
  const error = state ? `<p id="character-uid-error" class="field-error" role="alert">${esc(state.error)}</p>` : '';
  const describedBy = state ? 'character-uid-error character-uid-hint' : 'character-uid-hint';
  return `<section>
<h2>Any character</h2>
<label class="field-label" for="character-uid">Character UID</label>
<div class="uid-row">
<input id="character-uid" name="${UID_FIELD}" type="text" value="${esc(state?.value ?? '')}" placeholder="e.g. ${EXAMPLE_UID}" maxlength="20" autocomplete="off" autocapitalize="off" spellcheck="false" aria-describedby="${describedBy}"${state ? ' aria-invalid="true" autofocus' : ''}>
<button type="submit" class="signin" name="decision" value="${SIGN_IN_BY_UID}">Sign in as UID</button>
</div>
${error}
<p id="character-uid-hint" class="hint">Every character of the simulator can sign in: those above and ${GENERATED_COUNT.toLocaleString('en')} generated ones, <code>1:${FIRST_GENERATED_ID}</code> to <code>1:${last}</code>.</p>
</section>`;
}

/**
 * The consent page, one form: the requested scopes as checkboxes (all ticked, so the player may grant
 * a subset), one `Sign in as {name}` button per named character, a "Sign in as UID" field for any
 * character of the population, and `Deny`.
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
${DEFAULT_BUTTON}
<section>
<h2>Requested access</h2>
<p>Untick what you do not want to grant.</p>
<ul class="scopes">
${input.scopes.map((s) => scopeRow(s, input.ticked?.includes(s) ?? true)).join('\n')}
</ul>
${input.offline ? '<p>It also asks for <strong>offline access</strong>: it may keep this access until you revoke it.</p>' : ''}
</section>
<section>
<h2>Your characters</h2>
<ul class="characters">
${input.characters.map(characterRow).join('\n')}
</ul>
</section>
${uidSection(input.uid)}
<div class="actions"><button type="submit" class="deny" name="decision" value="deny">Deny</button></div>
</form>
<section><p>After you choose, you will be sent back to <code>${esc(target)}</code>.</p></section>`,
  );
}

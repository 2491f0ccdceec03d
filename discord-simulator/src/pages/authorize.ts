import { esc } from './escape.ts';
import { page } from './layout.ts';

/** The button's field: `user_id=<id>` authorizes as that user; `decision=deny` is Cancel. */
export const USER_FIELD = 'user_id';
export const DENY = { name: 'decision', value: 'deny' } as const;

export interface AuthorizePageUser {
  id: string;
  username: string;
  global_name: string | null;
  inGuild: boolean;
}

export interface AuthorizePageInput {
  applicationName: string;
  /** Each requested scope with what it allows, in words. */
  scopes: { scope: string; description: string }[];
  users: readonly AuthorizePageUser[];
  redirectUri: string;
  /** Carried back in the form POST as hidden fields. */
  hidden: Record<string, string | undefined>;
}

/** Darker shades of Discord's default avatar colours, so the white initial stays readable. */
const AVATAR_COLOURS = ['#4752c4', '#5c6470', '#2d7d46', '#9c5a00', '#c03537', '#b52f7c'];

function accountRow(u: AuthorizePageUser): string {
  const colour = AVATAR_COLOURS[[...u.username].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % AVATAR_COLOURS.length];
  const initial = (u.global_name ?? u.username).slice(0, 1).toUpperCase();
  const meta = `@${u.username} · ${u.inGuild ? 'in the server' : 'not in the server'}`;
  return `<li class="account">
<span class="avatar" style="background:${colour}" aria-hidden="true">${esc(initial)}</span>
<div class="who"><div class="name">${esc(u.global_name ?? u.username)}</div><div class="meta">${esc(meta)}</div></div>
<button type="submit" class="authorize" name="${USER_FIELD}" value="${esc(u.id)}">Authorize as ${esc(u.username)}</button>
</li>`;
}

/** The authorize page: what the application asks for, one Authorize button per simulated user, and Cancel. */
export function authorizePage(input: AuthorizePageInput): string {
  const hidden = Object.entries(input.hidden)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('\n');
  const target = new URL(input.redirectUri).host;
  const scopes = input.scopes.map((s) => `<li><span><strong>${esc(s.description)}</strong> <code>${esc(s.scope)}</code></span></li>`);
  return page(
    `Discord — Authorize ${input.applicationName}`,
    `<section>
<h1>${esc(input.applicationName)} wants to access your Discord account</h1>
<p>An external application. Choose the simulated Discord account to authorize it with.</p>
</section>
<form method="post" action="/oauth2/authorize">
${hidden}
<section>
<h2>This will allow the developer of ${esc(input.applicationName)} to</h2>
<ul class="scopes">
${scopes.join('\n')}
</ul>
</section>
<section>
<h2>Your accounts</h2>
<ul class="accounts">
${input.users.map(accountRow).join('\n')}
</ul>
</section>
<div class="actions"><button type="submit" class="cancel" name="${DENY.name}" value="${DENY.value}">Cancel</button></div>
</form>
<section><p>Once you authorize, you will be sent to <code>${esc(target)}</code>.</p></section>`,
  );
}

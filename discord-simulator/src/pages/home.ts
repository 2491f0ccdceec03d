import { esc } from './escape.ts';
import { page } from './layout.ts';

export interface HomePageInput {
  guildName: string;
  applicationName: string;
  users: { username: string; global_name: string | null; inGuild: boolean }[];
}

/** GET / — what this server is, for a human who opens it. */
export function homePage(input: HomePageInput): string {
  const rows = input.users
    .map(
      (u) => `<li><code>${esc(u.username)}</code> ${esc(u.global_name ?? '')} — ${u.inGuild ? 'in the server' : 'not in the server'}</li>`,
    )
    .join('\n');
  return page(
    'Discord simulator',
    `<section>
<h1>Discord simulator</h1>
<p>Speaks discord.com's OAuth2 (<code>/oauth2/authorize</code>, <code>/api/v10/oauth2/token</code>, <code>/api/v10/oauth2/token/revoke</code>)
and API v10 (<code>/api/v10/users/@me</code>, <code>/api/v10/guilds/{id}</code>, its roles and members) for one server,
<strong>${esc(input.guildName)}</strong>, and one application, <strong>${esc(input.applicationName)}</strong>, with Discord's rate limits and errors.</p>
</section>
<section><h2>Discord users</h2><ul class="scopes">${rows}</ul></section>
<section><h2>For tests and demos</h2>
<p><code>GET /sim/connection</code> answers the client id, client secret, bot token and server id;
<code>GET /sim/members/{user}</code> a member's roles and nickname; <code>PUT /sim/members/{user}</code> with
<code>{"roles": ["Galactic Weapon Systems"]}</code> puts someone in the server by hand. The README lists the rest.</p></section>`,
  );
}

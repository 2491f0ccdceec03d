import { lookup } from 'node:dns/promises';
import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  createDiscordSimulator,
  defaultGuild,
  defaultUsers,
  seededConnection,
  seededRoleIds,
  seededUserIds,
  startDiscordSimulator,
} from '../src/index.ts';

describe('startDiscordSimulator', () => {
  it('listens on a free port, answers as DISCORD_URL would, and stops on close', async () => {
    const sim = await startDiscordSimulator({ port: 0, redirectUris: ['http://localhost:3999/auth/discord/callback'] });
    try {
      expect(sim.url).toMatch(/^http:\/\/localhost:\d+$/);
      expect(sim.connection).toEqual(seededConnection);
      const home = await fetch(sim.url);
      expect(await home.text()).toContain('Discord simulator');
      const connection = (await (await fetch(`${sim.url}/sim/connection`)).json()) as Record<string, unknown>;
      expect(connection).toMatchObject({ api_url: `${sim.url}/api/v10`, redirect_uris: ['http://localhost:3999/auth/discord/callback'] });
      const guild = await fetch(`${sim.url}/api/v10/guilds/${seededConnection.guildId}`, {
        headers: { authorization: `Bot ${seededConnection.botToken}`, 'user-agent': 'DiscordBot (https://example.com, 1.0)' },
      });
      expect(guild.status).toBe(200);
    } finally {
      await sim.close();
    }
    await expect(fetch(sim.url)).rejects.toThrow();
  });

  it('refuses bad options early, in words', () => {
    expect(() => createDiscordSimulator({ redirectUris: [] })).toThrow(/at least one/);
    expect(() => createDiscordSimulator({ redirectUris: ['/cb'] })).toThrow(/absolute/);
    expect(() => createDiscordSimulator({ generatedMembers: -1 })).toThrow(/generatedMembers/);
    expect(() => createDiscordSimulator({ tokenTtlSeconds: 0 })).toThrow(/tokenTtlSeconds/);
    expect(() => createDiscordSimulator({ globalLimit: 0 })).toThrow(/globalLimit/);
  });

  it('goes down at once: closing ends the connections a browser opened and has not used yet', async () => {
    const sim = await startDiscordSimulator({ port: 0 });
    // A spare connection, not a byte sent on it, to the address the server's close waits for (the first of localhost's):
    // Node held that close for as long as the connection stayed open.
    const spare = connect(Number(new URL(sim.url).port), (await lookup('localhost')).address);
    await once(spare, 'connect');
    const closed = once(spare, 'close');
    await sim.close();
    await closed;
  });
});

describe('the seed', () => {
  it('has Mira and Jorin as Discord users, Mira outside the server and Jorin in it without roles', () => {
    const sim = createDiscordSimulator();
    expect(sim.member('mira.solan')).toMatchObject({ in_guild: false });
    expect(sim.member('jorin.vex')).toMatchObject({ in_guild: true, roles: [] });
    expect(defaultUsers.filter((u) => !u.bot).map((u) => u.username)).toEqual(expect.arrayContaining(['mira.solan', 'jorin.vex']));
    expect(seededUserIds['mira.solan']).toMatch(/^\d{17,20}$/);
  });

  it('has a role fit for Galactic Weapon Systems below the bot, roles above it, and managed roles', () => {
    const sim = createDiscordSimulator();
    const roles = Object.fromEntries(sim.roles().map((r) => [r.name, r]));
    expect(roles['Galactic Weapon Systems']).toMatchObject({ id: seededRoleIds['Galactic Weapon Systems'], bot_cannot_assign: null });
    expect(roles['Moderators']!.bot_cannot_assign).toBe('above the bot');
    expect(roles['Server Booster']!.bot_cannot_assign).toBe('managed');
    expect(roles['Radiant Relay']!.bot_cannot_assign).toBe('managed');
    expect(defaultGuild.roles[0]).toMatchObject({ id: defaultGuild.id, name: '@everyone' });
    expect(sim.member(seededConnection.clientId).roles).toEqual([{ id: seededRoleIds['SWC Portal'], name: 'SWC Portal' }]);
  });

  it('gives each simulator its own world: a change in one is not in another', () => {
    const a = createDiscordSimulator();
    const b = createDiscordSimulator();
    a.putMember('mira.solan', { roles: ['Industry'] });
    expect(b.member('mira.solan').in_guild).toBe(false);
  });
});

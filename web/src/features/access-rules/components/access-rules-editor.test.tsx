import type { AccessRule, AccessRulesPreview } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin, adminApp } from '@/testing/fixtures.ts';
import { customGroup, factionGroup } from '@/testing/groups.ts';
import { renderApp } from '@/testing/render-app.tsx';

const portal = adminApp({ id: '00000000-0000-4000-8000-000000000001', key: 'portal', name: 'Portal' });
const fleet = adminApp({ id: '00000000-0000-4000-8000-000000000002', key: 'fleet', name: 'Fleet Ops' });
const RULES = `/api/admin/apps/${fleet.id}/access-rules`;
const PREVIEW = `${RULES}/preview`;

const pilots = customGroup(1, { name: 'Pilots', member_count: 12 });
const gws = factionGroup(2, { member_count: 340 });
const officers = customGroup(3, { name: 'Officers', member_count: 1 });

const pilotsRule: AccessRule = {
  group_id: pilots.id,
  roles: ['pilot'],
  scopes: ['read:fleet'],
  grace_hours: 0,
  group: { id: pilots.id, name: pilots.name, kind: 'custom', faction_uid: null, member_count: 12 },
};
const preview: AccessRulesPreview = {
  added: {
    count: 14,
    sample: [
      { user_id: 'u-2', uid: '1:100002', name: 'Mira Solan' },
      { user_id: 'u-3', uid: '1:100003', name: null },
    ],
  },
  removed: { count: 3, sample: [{ user_id: 'u-4', uid: '1:100004', name: 'Dax Orrel' }] },
};

async function openRules(routes: Parameters<typeof stubFetch>[0] = {}) {
  const api = stubFetch({
    'GET /api/me': reply(200, admin),
    'GET /api/admin/apps': reply(200, [portal, fleet]),
    'GET /api/admin/groups': reply(200, [pilots, officers, gws]),
    [`GET ${RULES}`]: reply(200, { rules: [pilotsRule] }),
    [`GET /api/admin/apps/${fleet.id}/access`]: reply(200, []),
    ...routes,
  });
  const app = renderApp('/admin/apps');
  const row = within(await screen.findByRole('table', { name: 'Apps' })).getByRole('row', { name: /Fleet Ops/ });
  // The catalog's way to the rules: the app page's Access tab.
  await app.user.click(within(row).getByRole('link', { name: 'Access rules' }));
  await screen.findByRole('heading', { level: 1, name: 'Fleet Ops' });
  expect(app.search()).toBe('?tab=access');
  const section = await screen.findByRole('region', { name: 'Access rules' });
  await within(section).findByRole('list', { name: 'Access rules of Fleet Ops' });
  return { api, section: within(section), ...app };
}

const ruleCard = (name: string) => within(screen.getByRole('listitem', { name: `Rule for ${name}` }));

async function addRule(user: ReturnType<typeof renderApp>['user'], option: string) {
  await user.click(screen.getByRole('combobox', { name: /^Add a group or faction/ }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('an app’s access rules (App Catalog → Access rules)', () => {
  it('shows the saved rules, each group with its kind, members, roles and scopes', async () => {
    const { section } = await openRules();
    const card = ruleCard('Pilots');
    expect(card.getByText('Group')).toBeInTheDocument();
    expect(card.getByText('Its 12 members may open the app.')).toBeInTheDocument();
    expect(card.getByText('pilot')).toBeInTheDocument();
    expect(card.getByText('read:fleet')).toBeInTheDocument();
    // A group an admin keeps has no grace period: only the game says a player left.
    expect(card.queryByRole('textbox', { name: /Grace period/ })).not.toBeInTheDocument();
    expect(section.getByText('The rules are as saved.')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Preview changes' })).not.toBeInTheDocument();
  });

  it('previews who new rules admit and stop admitting before Save, then saves the same body', async () => {
    const { api, user, section } = await openRules({
      [`POST ${PREVIEW}`]: reply(200, preview),
      [`PUT ${RULES}`]: (call) =>
        reply(200, { rules: [pilotsRule, { ...(call.body as { rules: AccessRule[] }).rules[1], group: { ...gws } }] }),
    });
    await addRule(user, 'Galactic Weapon Systems (20:2400)');
    const faction = ruleCard('Galactic Weapon Systems');
    expect(faction.getByText('Faction 20:2400')).toBeInTheDocument();
    await user.type(faction.getByRole('combobox', { name: /^Roles it gives/ }), 'officer{Enter}');
    const grace = faction.getByRole('textbox', { name: /^Grace period/ });
    await user.clear(grace);
    await user.type(grace, '48');
    // Only the faction's own rule is new: Pilots has no option left to pick.
    await user.click(screen.getByRole('combobox', { name: /^Add a group or faction/ }));
    expect(screen.queryByRole('option', { name: 'Pilots' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(section.getByRole('button', { name: 'Preview changes' }));
    const status = await section.findByRole('status');
    expect(status).toHaveTextContent('These rules admit 14 more players and stop admitting 3.');
    expect(status).toHaveTextContent('Admitted: Mira Solan, 1:100003 (not named yet) and 12 more');
    expect(status).toHaveTextContent('No longer admitted: Dax Orrel and 2 more');
    const body = {
      rules: [
        { group_id: pilots.id, roles: ['pilot'], scopes: ['read:fleet'], grace_hours: 0 },
        { group_id: gws.id, roles: ['officer'], scopes: [], grace_hours: 48 },
      ],
    };
    expect(api.calls.find((c) => c.path === PREVIEW)?.body).toEqual(body);
    expect(api.count(`PUT ${RULES}`)).toBe(0);

    await user.click(within(status).getByRole('button', { name: 'Save rules' }));
    expect(await section.findByText('Access rules of Fleet Ops saved.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT' && c.path === RULES)?.body).toEqual(body);
    await waitFor(() => expect(section.getByText('The rules are as saved.')).toBeInTheDocument());
  });

  it('answers "will Mira get in?" under the rules previewed, and writes counts one way ("2,000")', async () => {
    const big: AccessRulesPreview = { added: { count: 2000, sample: preview.added.sample }, removed: { count: 0, sample: [] } };
    const mira = { user_id: 'u-2', uid: '1:100002', name: 'Mira Solan' };
    const { api, user, section } = await openRules({
      [`POST ${PREVIEW}`]: (call) =>
        (call.body as { player?: string }).player
          ? reply(200, {
              ...big,
              player: {
                query: 'mira',
                matches: [
                  {
                    ...mira,
                    now: { allowed: false, source: 'none', reason: 'No grant, no access rule for a group the player is in.' },
                    then: {
                      allowed: true,
                      source: 'faction Galactic Weapon Systems',
                      reason: 'Admitted as a member of faction Galactic Weapon Systems.',
                    },
                  },
                ],
              },
            })
          : reply(200, big),
    });
    await addRule(user, 'Galactic Weapon Systems (20:2400)');
    await user.click(section.getByRole('button', { name: 'Preview changes' }));
    const status = await section.findByRole('status');
    expect(status).toHaveTextContent('These rules admit 2,000 more players.');
    expect(status).toHaveTextContent('and 1,998 more');

    await user.type(within(status).getByRole('textbox', { name: 'Will a player get in?' }), 'mira');
    await user.click(within(status).getByRole('button', { name: 'Check' }));
    const answer = await within(status).findByRole('list', { name: 'Players matching mira' });
    expect(answer).toHaveTextContent(
      'Mira Solan (1:100002) With these rules may open it: Admitted as a member of faction Galactic Weapon Systems. Now may not open it: No grant',
    );
    const asked = api.calls.filter((c) => c.path === PREVIEW).at(-1)!.body as { player: string; rules: unknown[] };
    expect(asked.player).toBe('mira');
    expect(asked.rules).toHaveLength(2);
    // Asking saved nothing; Enter in the field asks again, and still saves nothing.
    await user.type(within(status).getByRole('textbox', { name: 'Will a player get in?' }), '{Enter}');
    await waitFor(() => expect(api.calls.filter((c) => c.path === PREVIEW)).toHaveLength(3));
    expect(api.count(`PUT ${RULES}`)).toBe(0);
  });

  it('asks for a new preview after any change, so Save never saves what was not previewed', async () => {
    const { api, user, section } = await openRules({ [`POST ${PREVIEW}`]: reply(200, preview) });
    await user.click(ruleCard('Pilots').getByRole('button', { name: 'Remove the rule for Pilots' }));
    expect(section.getByText(/No rules yet/)).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Preview changes' }));
    expect(await section.findByRole('button', { name: 'Save rules' })).toBeInTheDocument();

    await addRule(user, 'Officers');
    expect(section.queryByRole('button', { name: 'Save rules' })).not.toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Preview changes' })).toBeEnabled();
    await user.click(section.getByRole('button', { name: 'Preview changes' }));
    await section.findByRole('button', { name: 'Save rules' });
    expect(api.count(`POST ${PREVIEW}`)).toBe(2);
    expect(api.calls.filter((c) => c.path === PREVIEW).map((c) => c.body)).toEqual([
      { rules: [] },
      { rules: [{ group_id: officers.id, roles: [], scopes: [], grace_hours: 0 }] },
    ]);

    await user.click(section.getByRole('button', { name: 'Undo changes' }));
    expect(ruleCard('Pilots').getByText('Group')).toBeInTheDocument();
    expect(section.queryByRole('listitem', { name: 'Rule for Officers' })).not.toBeInTheDocument();
  });

  it('refuses a role or scope the contract does not allow, and too long a grace period, at the field before asking the server', async () => {
    const { api, user, section } = await openRules();
    const pilotsCard = ruleCard('Pilots');
    await user.type(pilotsCard.getByRole('combobox', { name: /^Scopes it gives/ }), 'naïve{Enter}');
    await addRule(user, 'Galactic Weapon Systems (20:2400)');
    const grace = ruleCard('Galactic Weapon Systems').getByRole('textbox', { name: /^Grace period/ });
    await user.clear(grace);
    await user.type(grace, '9000');
    await user.click(section.getByRole('button', { name: 'Preview changes' }));

    const scopes = pilotsCard.getByRole('combobox', { name: /^Scopes it gives/ });
    expect(scopes).toHaveAccessibleDescription(expect.stringContaining('“naïve”: A scope may hold only letters'));
    expect(scopes).toHaveFocus();
    expect(grace).toHaveAccessibleDescription(expect.stringContaining('Grace period must be at most 8760 (a year)'));
    const summary = section.getByText('2 fields need a change').closest('[role="status"]') as HTMLElement;
    expect(summary).toHaveTextContent('Scopes for Pilots');
    expect(summary).toHaveTextContent('Grace period for Galactic Weapon Systems');
    expect(api.count(`POST ${PREVIEW}`)).toBe(0);
  });

  it('offers every faction SWCombine lists, and adds a rule for one the portal has no group of yet', async () => {
    const hutts = factionGroup(9, { name: 'Hutt Cartel', faction_uid: '20:310', member_count: 0 });
    let made = false;
    const { api, user } = await openRules({
      'GET /api/admin/groups': () => reply(200, made ? [pilots, officers, gws, hutts] : [pilots, officers, gws]),
      'GET /api/admin/groups/factions': reply(200, {
        read_at: new Date().toISOString(),
        factions: [
          { faction_uid: gws.faction_uid, name: gws.name, group_id: gws.id },
          { faction_uid: '20:310', name: 'Hutt Cartel', group_id: null },
        ],
      }),
      'POST /api/admin/groups/factions/20%3A310': () => ((made = true), reply(200, hutts)),
    });

    await addRule(user, 'Hutt Cartel (20:310)');

    await waitFor(() => expect(api.count('POST /api/admin/groups/factions/20%3A310')).toBe(1));
    expect(await screen.findByRole('listitem', { name: 'Rule for Hutt Cartel' })).toBeInTheDocument();
    // Its group is now a faction with a rule: it is not offered twice.
    await user.click(screen.getByRole('combobox', { name: /^Add a group or faction/ }));
    expect(screen.queryByRole('option', { name: 'Hutt Cartel (20:310)' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: `${gws.name} (${gws.faction_uid})` })).toBeInTheDocument();
  });

  it("shows the server's refusal of the preview and of Save under the buttons", async () => {
    let saves = 0;
    const { user, section } = await openRules({
      [`POST ${PREVIEW}`]: (_call, nth) => (nth === 0 ? errorReply(404, 'not_found', 'No group with this id.') : reply(200, preview)),
      [`PUT ${RULES}`]: () => (saves++, errorReply(400, 'bad_request', 'Each group may have one rule per app')),
    });
    await addRule(user, 'Officers');
    await user.click(section.getByRole('button', { name: 'Preview changes' }));
    const failed = await section.findByRole('alert');
    expect(failed).toHaveTextContent('The preview could not be made.');
    expect(failed).toHaveTextContent('No group with this id.');

    await user.click(section.getByRole('button', { name: 'Preview changes' }));
    await user.click(await section.findByRole('button', { name: 'Save rules' }));
    expect(await section.findByText('The access rules could not be saved.')).toBeInTheDocument();
    expect(section.getByText('Each group may have one rule per app')).toBeInTheDocument();
    expect(saves).toBe(1);
  });

  it('says so when the rules cannot be read', async () => {
    const api = stubFetch({
      'GET /api/me': reply(200, admin),
      'GET /api/admin/apps': reply(200, [portal, fleet]),
      'GET /api/admin/groups': reply(200, []),
      [`GET ${RULES}`]: errorReply(500, 'internal_error', 'Database down'),
      [`GET /api/admin/apps/${fleet.id}/access`]: reply(200, []),
    });
    renderApp(`/admin/apps/${fleet.id}?tab=access`);
    expect(await screen.findByText('Failed to load the access rules.')).toBeInTheDocument();
    expect(api.count(`GET ${RULES}`)).toBeGreaterThan(0);
  });
});

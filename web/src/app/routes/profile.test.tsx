import { screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { deferred, errorReply, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { player } from '@/testing/fixtures.ts';
import { renderApp, renderScreen } from '@/testing/render-app.tsx';
import ProfileRoute from './profile.tsx';

/** The value (dd) next to a label (dt) in the profile details. */
function field(label: string) {
  const details = screen.getByLabelText('Profile details');
  const term = within(details).getByText(label);
  return term.closest('dt')!.nextElementSibling!.textContent;
}

describe('/profile', () => {
  it('shows avatar, name and each field, with a dash for a missing email', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/swc/auth-token': reply(200, { enabled: false }) });
    renderApp('/profile');

    expect(await screen.findByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Mira Solan' })).toBeInTheDocument();
    expect(within(main).getByRole('img', { name: 'Mira Solan' })).toHaveAttribute('src', player.image);
    expect(field('Race')).toBe('Human');
    expect(field('Faction')).toBe('Galactic Weapon Systems');
    expect(field('Role')).toBe('user');
    expect(field('UID')).toBe('1:100002');
    expect(field('Email')).toBe('-');
    expect(screen.getByRole('link', { name: 'Manage SWC consents' })).toHaveAttribute('href', '/swc/consents');
  });

  it('names the role once: the Role line, with badges only for the other roles', async () => {
    stubFetch({
      'GET /api/me': reply(200, { ...player, role: 'admin', roles: ['admin', 'staff'] }),
      'GET /api/swc/auth-token': reply(200, { enabled: false }),
    });
    renderApp('/profile');

    await screen.findByRole('heading', { name: 'Your Profile' });
    expect(field('Role')).toBe('admin');
    const main = screen.getByRole('main');
    expect(within(main).getAllByText('admin')).toHaveLength(1);
    expect(within(within(main).getByRole('list', { name: 'Other roles' })).getByRole('listitem')).toHaveTextContent('staff');
  });

  it('shows no role badge when the Role line already says it all', async () => {
    stubFetch({
      'GET /api/me': reply(200, { ...player, role: 'admin', roles: ['admin'] }),
      'GET /api/swc/auth-token': reply(200, { enabled: false }),
    });
    renderApp('/profile');

    await screen.findByRole('heading', { name: 'Your Profile' });
    expect(field('Role')).toBe('admin');
    expect(screen.queryByRole('list', { name: 'Other roles' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getAllByText('admin')).toHaveLength(1);
  });

  it('shows the email when present and dashes for other missing fields', async () => {
    stubFetch({
      'GET /api/me': reply(200, { ...player, email: 'mira@example.test', race: null, faction: '' }),
      'GET /api/swc/auth-token': reply(200, { enabled: false }),
    });
    renderApp('/profile');

    await screen.findByRole('heading', { name: 'Your Profile' });
    expect(field('Email')).toBe('mira@example.test');
    expect(field('Race')).toBe('-');
    expect(field('Faction')).toBe('-');
  });

  it("shows 'Loading profile…' while the user is not loaded yet", async () => {
    const me = deferred();
    stubFetch({ 'GET /api/me': me.route, 'GET /api/swc/auth-token': reply(200, { enabled: false }) });
    renderScreen(<ProfileRoute />);

    expect(await screen.findByText('Loading profile…')).toBeInTheDocument();
    me.resolve(reply(200, player));
    expect(await screen.findByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();
    expect(screen.queryByText('Loading profile…')).not.toBeInTheDocument();
  });

  it('reflects the stored automation token and POSTs {enabled: true} when ticked', async () => {
    const api = stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/swc/auth-token': (_call, nth) => reply(200, { enabled: nth > 0 }),
      'POST /api/swc/auth-token': reply(200, { enabled: true }),
    });
    const app = renderApp('/profile');

    const checkbox = await screen.findByRole('checkbox', { name: /Enable SWC automation token/ });
    await waitFor(() => expect(checkbox).toBeEnabled());
    expect(checkbox).not.toBeChecked();

    await app.user.click(checkbox);
    expect(checkbox).toBeChecked();
    await waitFor(() => expect(api.count('POST /api/swc/auth-token')).toBe(1));
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: 'https://auth.example.test/api/swc/auth-token',
      credentials: 'include',
      body: { enabled: true },
    });
    await waitFor(() => expect(api.count('GET /api/swc/auth-token')).toBe(2));
    expect(checkbox).toBeChecked();
  });

  it('ignores a failing POST silently', async () => {
    const api = stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/swc/auth-token': reply(200, { enabled: false }),
      'POST /api/swc/auth-token': errorReply(500, 'internal', 'Could not save'),
    });
    const app = renderApp('/profile');

    const checkbox = await screen.findByRole('checkbox', { name: /Enable SWC automation token/ });
    await waitFor(() => expect(checkbox).toBeEnabled());
    await app.user.click(checkbox);
    await waitFor(() => expect(api.count('POST /api/swc/auth-token')).toBe(1));
    await waitFor(() => expect(api.count('GET /api/swc/auth-token')).toBe(2));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Could not save|error|failed/i)).not.toBeInTheDocument();
    expect(checkbox).not.toBeChecked();
    expect(app.pathname()).toBe('/profile');
  });

  it('keeps the choice and offers Try again when the server cannot be reached, without leaving the page', async () => {
    const api = stubFetch({
      'GET /api/me': (_call, nth) => (nth === 0 ? reply(200, player) : 'network-error'),
      'GET /api/swc/auth-token': (_call, nth) => (nth === 0 ? reply(200, { enabled: false }) : 'network-error'),
      'POST /api/swc/auth-token': (_call, nth) => (nth === 0 ? 'network-error' : reply(200, { enabled: true })),
    });
    const app = renderApp('/profile');

    const checkbox = await screen.findByRole('checkbox', { name: /Enable SWC automation token/ });
    await waitFor(() => expect(checkbox).toBeEnabled());
    await app.user.click(checkbox);

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('The server could not be reached');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.pathname()).toBe('/profile');
    expect(checkbox).toBeChecked();

    await app.user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.count('POST /api/swc/auth-token')).toBe(2));
    expect(api.calls.filter((c) => c.method === 'POST')[1]?.body).toEqual({ enabled: true });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('says it is offline and saves the choice when the connection is back', async () => {
    const api = stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/swc/auth-token': (_call, nth) => reply(200, { enabled: nth > 0 }),
      'POST /api/swc/auth-token': reply(200, { enabled: true }),
    });
    const app = renderApp('/profile');
    const checkbox = await screen.findByRole('checkbox', { name: /Enable SWC automation token/ });
    await waitFor(() => expect(checkbox).toBeEnabled());

    onlineManager.setOnline(false);
    try {
      await app.user.click(checkbox);
      expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
      expect(api.count('POST /api/swc/auth-token')).toBe(0);
    } finally {
      onlineManager.setOnline(true);
    }
    await waitFor(() => expect(api.count('POST /api/swc/auth-token')).toBe(1));
    await waitFor(() => expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument());
    expect(checkbox).toBeChecked();
  });

  it('leaves the checkbox unchecked, silently, when the GET fails', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/swc/auth-token': errorReply(404, 'not_found', 'Nothing here') });
    renderApp('/profile');

    const checkbox = await screen.findByRole('checkbox', { name: /Enable SWC automation token/ });
    await waitFor(() => expect(checkbox).toBeEnabled());
    expect(checkbox).not.toBeChecked();
    expect(screen.queryByText('Nothing here')).not.toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { deferred, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin, player } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

async function openUserMenu(app: ReturnType<typeof renderApp>, name: string) {
  await app.user.click(await screen.findByRole('button', { name: `User menu: ${name}` }));
  return screen.findByRole('menu');
}

/** The form the Logout entry submits, and the submissions it received (stopped before jsdom would navigate). */
function logoutSubmissions(entry: HTMLElement) {
  const form = (entry as HTMLButtonElement).form;
  if (!form) throw new Error('Logout submits no form');
  const submitted: string[] = [];
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submitted.push(`${form.method.toUpperCase()} ${form.getAttribute('action')}`);
  });
  return submitted;
}

describe('signed-in layout', () => {
  it('has a header title linking to /dashboard and the footer text with the current year', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, []) });
    renderApp('/profile');

    const home = await screen.findByRole('link', { name: 'Industry Alignment Management Platform' });
    expect(home).toHaveAttribute('href', '/dashboard');
    const year = new Date().getFullYear();
    expect(
      screen.getByText(`Developed by Galactic Weapon Systems | Industry Alignment Management Platform Version 0.01 © ${year} SWCombine`),
    ).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it("shows the user's name and avatar; the menu offers Profile and Logout but no Admin to a player", async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, []) });
    const app = renderApp('/dashboard');

    const trigger = await screen.findByRole('button', { name: 'User menu: Mira Solan' });
    expect(within(trigger).getByText('Mira Solan')).toBeInTheDocument();
    // The picture is decoration: the button's name already says whose menu it is.
    expect(trigger.querySelector('img')).toHaveAttribute('src', player.image);
    expect(trigger.querySelector('img')).toHaveAttribute('alt', '');

    const menu = await openUserMenu(app, 'Mira Solan');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('paints the header and footer at once and shows Loading... in the content area while the session is checked', async () => {
    const me = deferred();
    stubFetch({ 'GET /api/me': me.route, 'GET /api/apps': reply(200, []) });
    renderApp('/dashboard');

    expect(await screen.findByRole('link', { name: 'Industry Alignment Management Platform' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /User menu/ })).not.toBeInTheDocument();

    me.resolve(reply(200, player));
    expect(await screen.findByRole('button', { name: 'User menu: Mira Solan' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your apps' })).toBeInTheDocument();
  });

  it('starts with a Skip to content link, the first Tab stop, which leads to the screen itself', async () => {
    stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/apps': reply(200, []) });
    const app = renderApp('/dashboard');
    await screen.findByRole('button', { name: /User menu/ });

    await app.user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', `#${screen.getByRole('main').id}`);
  });

  it('signs out with one click on Logout: a POST to the auth service, not a link', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, []) });
    const app = renderApp('/dashboard');

    const entry = within(await openUserMenu(app, 'Mira Solan')).getByRole('menuitem', { name: 'Logout' });
    expect(entry).not.toHaveAttribute('href');
    const submitted = logoutSubmissions(entry);
    await app.user.click(entry);
    expect(submitted).toEqual(['POST https://auth.example.test/auth/logout']);
  });

  it('signs out from the keyboard: Enter on Logout submits the same POST', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, []) });
    const app = renderApp('/dashboard');

    const entry = within(await openUserMenu(app, 'Mira Solan')).getByRole('menuitem', { name: 'Logout' });
    const submitted = logoutSubmissions(entry);
    entry.focus();
    await app.user.keyboard('{Enter}');
    expect(submitted).toEqual(['POST https://auth.example.test/auth/logout']);
  });

  it('the open user menu holds only menu items (axe: aria-required-children)', async () => {
    stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/apps': reply(200, []) });
    const app = renderApp('/dashboard');

    const menu = await openUserMenu(app, 'Jorin Vex');
    const result = await axe.run(menu, { runOnly: ['aria-required-children', 'aria-required-parent'] });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).join('; ')}`)).toEqual([]);
  });

  it('offers the Admin entry to an admin, leading to /admin', async () => {
    stubFetch({ 'GET /api/me': reply(200, admin), 'GET /api/apps': reply(200, []) });
    const app = renderApp('/dashboard');

    const menu = await openUserMenu(app, 'Jorin Vex');
    const entry = within(menu).getByRole('menuitem', { name: 'Admin' });
    expect(entry).toHaveAttribute('href', '/admin');
    await app.user.click(entry);
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin');
  });

  it('Profile in the menu navigates to /profile', async () => {
    stubFetch({
      'GET /api/me': reply(200, player),
      'GET /api/apps': reply(200, []),
      'GET /api/swc/auth-token': reply(200, { enabled: false }),
    });
    const app = renderApp('/dashboard');

    const menu = await openUserMenu(app, 'Mira Solan');
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();
  });

  it('uses the same origin for Logout when authBaseUrl is empty', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, []) });
    const app = renderApp('/dashboard', { authBaseUrl: '' });

    const entry = within(await openUserMenu(app, 'Mira Solan')).getByRole('menuitem', { name: 'Logout' });
    const submitted = logoutSubmissions(entry);
    await app.user.click(entry);
    expect(submitted).toEqual(['POST /auth/logout']);
  });

  it('says so when SWCombine is the bundled simulator, and only then', async () => {
    stubFetch({ 'GET /api/me': reply(200, player), 'GET /api/apps': reply(200, []) });
    const first = renderApp('/dashboard', { simulator: true });
    expect(await screen.findByRole('note', { name: 'SWCombine simulator' })).toBeVisible();
    first.unmount();

    renderApp('/dashboard', { simulator: false });
    await screen.findByRole('heading', { name: 'Your apps' });
    expect(screen.queryByRole('note', { name: 'SWCombine simulator' })).not.toBeInTheDocument();
  });
});

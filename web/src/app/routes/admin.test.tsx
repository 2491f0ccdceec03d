import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub.ts';
import { admin } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

describe('/admin', () => {
  it("shows the ten Admin Panel tiles as links, in order: the spec's seven, Activity, Groups, then Discord", async () => {
    stubFetch({ 'GET /api/me': reply(200, admin) });
    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    const tiles = within(main)
      .getAllByRole('link')
      .map((link) => [link.querySelector('p')?.textContent, link.getAttribute('href')]);
    expect(tiles).toEqual([
      ['Manage Apps', '/admin/apps'],
      ['Users', '/admin/users'],
      ['Access Control', '/admin/access'],
      ['SWC Integration', '/admin/swc'],
      ['User Consents', '/admin/consents'],
      ['Service JWTs', '/admin/jwts'],
      ['Radiant Management', '/admin/radiant-mgmt'],
      ['Activity', '/admin/activity'],
      ['Groups', '/admin/groups'],
      ['Discord', '/admin/discord'],
    ]);
  });

  it('names on each tile the title of the page it opens, where the tile is called otherwise', async () => {
    stubFetch({ 'GET /api/me': reply(200, admin) });
    renderApp('/admin');
    await screen.findByRole('heading', { name: 'Admin Panel' });
    const tile = (href: string) => screen.getAllByRole('link').find((link) => link.getAttribute('href') === href)!;
    expect(tile('/admin/apps')).toHaveTextContent('Manage AppsApp Catalog: Create, edit and remove apps.');
    expect(tile('/admin/access')).toHaveTextContent(/^Access ControlUser App Access: /);
    expect(tile('/admin/swc')).toHaveTextContent(/^SWC IntegrationSWCombine Permissions: /);
    expect(tile('/admin/consents')).toHaveTextContent(/^User ConsentsCentral Consents & Roles: /);
    expect(tile('/admin/jwts')).toHaveTextContent(/^Service JWTsService JWT Management: /);
    expect(tile('/admin/users')).toHaveTextContent(/^UsersAdd users/);
  });
});

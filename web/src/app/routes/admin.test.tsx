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
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, reply, stubFetch } from '@/testing/fetch-stub.ts';
import { player } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const dashboardLoaded = vi.hoisted(() => vi.fn());
vi.mock('./routes/dashboard.tsx', async (importOriginal) => {
  dashboardLoaded();
  return importOriginal();
});

describe('router', () => {
  it("downloads the screen's code while /api/me is still running, not after it", async () => {
    const me = deferred();
    stubFetch({ 'GET /api/me': me.route, 'GET /api/apps': reply(200, []) });
    renderApp('/dashboard');

    await waitFor(() => expect(dashboardLoaded).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    me.resolve(reply(200, player));
    expect(await screen.findByRole('heading', { name: 'Your apps' })).toBeInTheDocument();
    expect(dashboardLoaded).toHaveBeenCalledTimes(1);
  });
});

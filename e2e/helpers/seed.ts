import { AppInput } from '@portal/contract';
import pg from 'pg';
import type { z } from 'zod';
import { insertApp } from '../../server/src/services/admin/queries/apps.ts';

/** An app as the admin console would send it; audience defaults to the key, redirect URLs to [url]. */
export type SeedApp = Partial<z.input<typeof AppInput>> & { key: string; name: string; url: string };

/** Parsed by the contract, so a seed cannot hold what the admin API would refuse. */
export const seedAppBody = (app: SeedApp) => AppInput.parse({ audience: app.key, redirect_urls: [app.url], ...app });

/** Registers apps straight in the product's database; an app whose key is taken is left as it is. */
export async function seedApps(databaseUrl: string, apps: SeedApp[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const app of apps) {
      const { rowCount } = await client.query('SELECT 1 FROM apps WHERE key = $1', [app.key]);
      if (!rowCount) await insertApp(client, seedAppBody(app));
    }
  } finally {
    await client.end();
  }
}

/** Two open example apps, one in a phase: what the dashboard tests and the README's screenshot show. */
export const EXAMPLE_APPS: SeedApp[] = [
  {
    key: 'fleet',
    name: 'Fleet Tracker',
    icon: '🚀',
    url: 'https://fleet.example.com',
    description: 'Positions and status of every ship in the faction fleet.',
    phase: 'Beta',
    phaseDesc: 'Open testing with faction pilots',
    phaseColor: 'teal',
    progress: 65,
    skip_uid_whitelist: true,
  },
  {
    key: 'market',
    name: 'Market Watch',
    icon: '📈',
    url: 'https://market.example.com',
    description: 'Prices across the galaxy.',
    skip_uid_whitelist: true,
  },
];

import pg from 'pg';

export interface SeedApp {
  key: string;
  name: string;
  icon?: string;
  url: string;
  description?: string;
  phase?: string;
  phaseDesc?: string;
  phaseColor?: string;
  progress?: number;
  skipUidWhitelist?: boolean;
}

/** Registers apps straight in the product's database (the admin screens come in a later issue). */
export async function seedApps(databaseUrl: string, apps: SeedApp[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const a of apps) {
      await client.query(
        `INSERT INTO apps (key, name, audience, icon, url, description, phase, phase_desc, phase_color, progress, redirect_urls, skip_uid_whitelist)
         VALUES ($1, $2, $1, $3, $4, $5, $6, $7, $8, $9, ARRAY[$4], $10) ON CONFLICT (key) DO NOTHING`,
        [
          a.key,
          a.name,
          a.icon ?? null,
          a.url,
          a.description ?? null,
          a.phase ?? null,
          a.phaseDesc ?? null,
          a.phaseColor ?? null,
          a.progress ?? 0,
          a.skipUidWhitelist ?? false,
        ],
      );
    }
  } finally {
    await client.end();
  }
}

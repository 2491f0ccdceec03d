import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BANNER_COLUMNS, formatBanner, migrationsNote } from '../../src/lib/banner.ts';

const migrations = readdirSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/migrations'))
  .filter((f) => f.endsWith('.sql'))
  .map((f) => f.replace(/\.sql$/, ''))
  .sort();

/** A first start on an empty database, as main.ts describes it. */
const firstStart = [
  'Industry Alignment Management Platform is running at http://localhost:3000',
  'Database:   embedded PostgreSQL (DATABASE_URL unset), data in /home/a-newcomer/projects/swc-portal/.data/postgres',
  `Migrations: ${migrationsNote(migrations)}`,
  'SWCombine:  SIMULATOR at http://localhost:3001 (SWC_CLIENT_ID unset) — not the real swcombine.com',
  'Admins:     1:100001',
  'Encryption: dev key in /home/a-newcomer/projects/swc-portal/.data/encryption.key (ENCRYPTION_KEY unset)',
  'Secrets:    local folder /home/a-newcomer/projects/swc-portal/.data/kubernetes-secrets (no KUBECONFIG or in-cluster config)',
  'Mode:       all (HTTP and background jobs; PORTAL_MODE=web|worker splits them)',
  'Management: http://localhost:9000 (/healthz /readyz /metrics)',
  'API docs:   http://localhost:3000/api/docs',
];

describe('the start-up banner', () => {
  it('names how many migrations a first start applied, and the first and last, instead of all of them', () => {
    expect(migrations.length).toBeGreaterThan(2);
    expect(migrationsNote(migrations)).toBe(`applied ${migrations.length} migrations (001_foundation … ${migrations.at(-1)})`);
    expect(migrationsNote(['016_sync_lease_worker', '017_access_revoked'])).toBe('applied 016_sync_lease_worker, 017_access_revoked');
  });

  it("fits a 100-column terminal on a first start, every line's box edges aligned", () => {
    const rows = formatBanner(firstStart).trimEnd().split('\n');
    expect(Math.max(...rows.map((r) => r.length))).toBeLessThanOrEqual(BANNER_COLUMNS);
    expect(new Set(rows.map((r) => r.length)).size).toBe(1);
    expect(rows[0]).toMatch(/^┌─+┐$/);
    expect(rows.at(-1)).toMatch(/^└─+┘$/);
    expect(rows.slice(1, -1).every((r) => r.startsWith('│ ') && r.endsWith(' │'))).toBe(true);
  });

  it('wraps a long line at spaces, continuing under its value, and loses no word', () => {
    const line = `Secrets:    local folder /srv/portal/data/kubernetes-secrets (no KUBECONFIG or in-cluster config)${' and more'.repeat(8)}`;
    const rows = formatBanner([line], 60).trimEnd().split('\n').slice(1, -1);
    const texts = rows.map((r) => r.slice(2, -2).trimEnd());
    expect(rows.every((r) => r.length <= 60)).toBe(true);
    expect(texts[0]).toMatch(/^Secrets: {4}local folder/);
    expect(texts.slice(1).every((t) => t.startsWith(' '.repeat(12)) && t[12] !== ' ')).toBe(true);
    expect(
      texts
        .map((t) => t.trim())
        .join(' ')
        .replace(/ +/g, ' '),
    ).toBe(line.replace(/ +/g, ' '));
  });

  it('cuts a word longer than the box (a deep path) rather than stretching the box', () => {
    const line = `Database:   data in /${'very-deep-folder/'.repeat(10)}postgres`;
    const rows = formatBanner([line], 60).trimEnd().split('\n');
    expect(rows.every((r) => r.length === 60)).toBe(true);
    expect(
      rows
        .slice(1, -1)
        .map((r) => r.slice(2, -2).replace(/ +/g, ''))
        .join(''),
    ).toBe(line.replace(/ +/g, ''));
  });

  it('keeps a short banner as narrow as its longest line', () => {
    expect(formatBanner(['Mode:       web', 'Admins:     1:100001'])).toBe(
      ['┌──────────────────────┐', '│ Mode:       web      │', '│ Admins:     1:100001 │', '└──────────────────────┘', ''].join('\n'),
    );
  });
});

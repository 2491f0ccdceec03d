import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_DOCS_PATH, buildAppForDocs, generateApiDocs, routeAuth } from '../../../scripts/generate-api-docs.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildAppForDocs();
});
afterAll(() => app.close());

describe('docs/api.md', () => {
  it('is what the server describes today (regenerate it with `npx node scripts/generate-api-docs.ts`)', async () => {
    expect(readFileSync(API_DOCS_PATH, 'utf8')).toBe(await generateApiDocs(app));
  });

  it('names each route’s guard as its folder decides it', () => {
    const auth = routeAuth(app);
    expect(auth.get('get /auth/verify')).toBe('public');
    expect(auth.get('get /api/me')).toBe('signed-in');
    expect(auth.get('get /api/admin/apps')).toBe('admin');
    expect(auth.get('delete /api/admin/users/{id}/sessions/{sid}')).toBe('admin');
    expect(auth.get('get /api/manage/groups')).toBe('group manager');
    expect(auth.get('post /api/manage/requests/{id}/approve')).toBe('group manager');
    expect(auth.get('get /api/me/groups')).toBe('signed-in');
  });
});

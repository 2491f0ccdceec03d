import { z } from 'zod';
import { AppInput } from '../admin-apps.ts';
import { App } from '../apps.ts';
import { defineEndpoint } from '../endpoint.ts';

const AppParams = z.object({ id: z.uuid('id must be an app id (a UUID)') });
const errors = [400, 401, 403, 404, 409] as const;

/** The app catalog (admins). */
export const adminApps = {
  list: defineEndpoint({ method: 'GET', path: '/api/admin/apps', status: 200, answer: z.array(App), errors }),
  create: defineEndpoint({ method: 'POST', path: '/api/admin/apps', body: AppInput, status: 201, answer: App, errors }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/apps/:id',
    params: AppParams,
    body: AppInput,
    status: 200,
    answer: App,
    errors,
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/admin/apps/:id', params: AppParams, status: 204, answer: z.null(), errors }),
};

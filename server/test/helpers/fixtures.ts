import { AppInput, ServiceJwtInput } from '@portal/contract';
import type { z } from 'zod';
import { insertApp } from '../../src/services/admin/queries/apps.ts';
import type { TestContext } from './test-app.ts';

type AppBody = z.output<typeof AppInput>;
type ServiceJwtBody = z.output<typeof ServiceJwtInput>;

/**
 * A valid app as the admin console sends it, parsed by the contract (so a fixture cannot drift
 * from what the API accepts); `overrides` change single fields. The default is a plain app
 * "wiki" that admits https://wiki.example.com/.
 */
export function appFixture(overrides: Partial<z.input<typeof AppInput>> = {}): AppBody {
  const key = overrides.key ?? 'wiki';
  return AppInput.parse({
    key,
    name: 'Wiki',
    audience: key,
    redirect_urls: [`https://${key}.example.com/`],
    ...overrides,
  });
}

/** Registers an app straight in the database (for tests about sign-in rather than the admin API). */
export async function createAppFixture(ctx: TestContext, overrides: Partial<z.input<typeof AppInput>> = {}) {
  return insertApp(ctx.deps.db, appFixture(overrides));
}

/** A valid service JWT configuration, parsed by the contract; `overrides` change single fields. */
export function serviceJwtFixture(overrides: Partial<z.input<typeof ServiceJwtInput>> = {}): ServiceJwtBody {
  const name = overrides.service_name ?? 'billing-worker';
  return ServiceJwtInput.parse({
    service_name: name,
    audience: 'billing-api',
    subject: `svc:${name}`,
    authorized_party: null,
    ttl_minutes: 55,
    k8s_namespace: 'billing',
    k8s_secret_name: `${name}-jwt`,
    k8s_secret_key: 'token',
    rotation_enabled: true,
    rotation_interval_minutes: 1440,
    ...overrides,
  });
}

import type { ServiceJwtConfig } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { PHONE_QUERY } from '@/lib/use-phone-layout.ts';
import { deferred, errorReply, reply, stubFetch, type Reply, type StubCall } from '@/testing/fetch-stub.ts';
import { admin, player } from '@/testing/fixtures.ts';
import { renderApp } from '@/testing/render-app.tsx';

const LIST = 'GET /api/admin/service-jwts';
const HOUR = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

function config(overrides: Partial<ServiceJwtConfig> & Pick<ServiceJwtConfig, 'id' | 'service_name'>): ServiceJwtConfig {
  return {
    audience: `${overrides.service_name}-api`,
    subject: `service:${overrides.service_name}`,
    authorized_party: null,
    ttl_minutes: 55,
    k8s_namespace: overrides.service_name,
    k8s_secret_name: `${overrides.service_name}-jwt`,
    k8s_secret_key: 'token',
    rotation_enabled: true,
    rotation_interval_minutes: 1440,
    last_rotated_at: null,
    token_expires_at: null,
    ...overrides,
  };
}

/** Enabled, never rotated: Active. */
const billing = config({ id: '11111111-1111-4111-8111-111111111111', service_name: 'billing' });
/** Enabled, rotated an hour ago with a 24 h interval: Active. */
const reports = config({
  id: '22222222-2222-4222-8222-222222222222',
  service_name: 'reports',
  authorized_party: 'portal',
  ttl_minutes: 30,
  rotation_interval_minutes: 720,
  last_rotated_at: hoursAgo(1),
});
/** Enabled, last rotated 30 h ago with a 24 h interval: Overdue. */
const ledger = config({ id: '33333333-3333-4333-8333-333333333333', service_name: 'ledger', last_rotated_at: hoursAgo(30) });
/** Rotation off, even though the last rotation is old: Disabled. */
const legacy = config({
  id: '44444444-4444-4444-8444-444444444444',
  service_name: 'legacy',
  rotation_enabled: false,
  last_rotated_at: hoursAgo(500),
});

type Routes = Record<string, Reply | ((call: StubCall, nth: number) => Reply | Promise<Reply>)>;

function openScreen(routes: Routes, user = admin) {
  const api = stubFetch({ 'GET /api/me': reply(200, user), ...routes });
  const app = renderApp('/admin/jwts');
  return { api, app };
}

const table = () => screen.findByRole('table', { name: 'JWT configurations' });

/** The table row whose first cell is the service name. */
function rowOf(service: string) {
  const rows = within(screen.getByRole('table', { name: 'JWT configurations' })).getAllByRole('row');
  const row = rows.find((r) => within(r).queryAllByRole('cell')[0]?.textContent === service);
  if (!row) throw new Error(`No row for ${service}`);
  return row;
}

function labelOf(input: HTMLElement) {
  return document.querySelector(`label[for="${input.id}"]`)?.textContent;
}

/** Replaces a field's text the way a paste would (one input event; much faster than typing each key). */
async function fill(app: ReturnType<typeof renderApp>, input: HTMLElement, value: string) {
  await app.user.clear(input);
  await app.user.click(input);
  await app.user.paste(value);
}

async function openAddModal(app: ReturnType<typeof renderApp>) {
  await app.user.click(await screen.findByRole('button', { name: 'Add JWT Configuration' }));
  return screen.getByRole('dialog', { name: 'Add JWT Configuration' });
}

async function fillRequired(app: ReturnType<typeof renderApp>, dialog: HTMLElement) {
  const field = (name: string) => within(dialog).getByRole('textbox', { name });
  await fill(app, field('Service Name'), '  billing  ');
  await fill(app, field('Audience'), 'billing-api');
  await fill(app, field('Subject'), 'service:billing');
  await fill(app, field('K8s Namespace'), 'billing');
  await fill(app, field('K8s Secret Name'), 'billing-jwt');
  await fill(app, field('K8s Secret Key'), 'token');
}

describe('/admin/jwts list', () => {
  it('shows the columns and the cells of a row', async () => {
    openScreen({ [LIST]: reply(200, [billing, reports]) });

    const list = await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Service JWT Management' })).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Service Name', 'Audience', 'Subject', 'K8s Details', 'Rotation', 'Status', 'Last Rotated', 'Actions']);

    const row = rowOf('billing');
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('billing-api');
    expect(cells[2]).toHaveTextContent('service:billing');
    expect(cells[3]).toHaveTextContent(/^billing\/billing-jwtKey: token$/);
    expect(within(cells[3]!).getByText('Key: token')).toBeInTheDocument();
    expect(within(cells[4]!).getByText('Enabled')).toBeInTheDocument();
    expect(within(cells[4]!).getByText('Every 24 h')).toBeInTheDocument();
    expect(cells[5]).toHaveTextContent('Active');
    expect(cells[6]).toHaveTextContent(/^Never$/);
    for (const name of ['Edit', 'Rotate Now', 'View History', 'Delete']) {
      expect(within(cells[7]!).getByRole('button', { name })).toBeEnabled();
    }

    const rotated = within(rowOf('reports')).getAllByRole('cell');
    expect(within(rotated[4]!).getByText('Every 12 h')).toBeInTheDocument();
    expect(rotated[6]).toHaveTextContent(formatDateTime(reports.last_rotated_at));
  });

  it('lets long machine names break after their separators, so the eight columns fit a desktop card', async () => {
    const long = config({
      id: '66666666-6666-4666-8666-666666666666',
      service_name: 'fleet-ops-telemetry-exporter',
      subject: 'system:serviceaccount:fleet',
      audience: 'fleet.example-api.internal',
    });
    openScreen({ [LIST]: reply(200, [long]) });
    await table();

    const cells = within(rowOf('fleet-ops-telemetry-exporter')).getAllByRole('cell');
    const breaks = (cell: HTMLElement) => [...cell.querySelectorAll('wbr')].map((wbr) => wbr.previousSibling?.textContent);
    expect(breaks(cells[2]!)).toEqual(['system:', 'serviceaccount:']);
    expect(breaks(cells[1]!)).toEqual(['fleet.', 'example-', 'api.']);
    expect(cells[2]).toHaveTextContent(/^system:serviceaccount:fleet$/);
  });

  it('keeps short machine names whole, so they never break mid-word while the table has room', async () => {
    openScreen({ [LIST]: reply(200, [billing]) });
    await table();
    const cells = within(rowOf('billing')).getAllByRole('cell');
    for (const [cell, text] of [
      [cells[0]!, 'billing'],
      [cells[1]!, 'billing-api'],
      [cells[2]!, 'service:billing'],
      [cells[3]!, 'billing/'],
      [cells[3]!, 'billing-jwt'],
      [cells[3]!, 'Key: token'],
    ] as const) {
      const name = within(cell).getByText(text);
      expect(name).toHaveStyle({ whiteSpace: 'nowrap' });
      expect(name.querySelector('wbr')).toBeNull();
    }
    // The Kubernetes path may go on the next line only between namespace and secret name.
    expect([...cells[3]!.querySelectorAll('wbr')].map((wbr) => wbr.previousSibling?.textContent)).toEqual(['billing/']);
  });

  it('names every row action in words, in the table as on a phone', async () => {
    openScreen({ [LIST]: reply(200, [billing]) });
    await table();
    const actions = within(rowOf('billing')).getAllByRole('cell')[7]!;
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit', 'Rotate Now', 'View History', 'Delete']);
  });

  it('badges Active, Overdue and Disabled by the rotation rule', async () => {
    openScreen({ [LIST]: reply(200, [billing, reports, ledger, legacy]) });
    await table();

    const status = (service: string) => within(rowOf(service)).getAllByRole('cell')[5]!.textContent;
    expect(status('billing')).toBe('Active');
    expect(status('reports')).toBe('Active');
    expect(status('ledger')).toBe('Overdue');
    expect(status('legacy')).toBe('Disabled');
    expect(within(rowOf('legacy')).getByText('Disabled', { selector: 'p' })).toBeInTheDocument();
  });

  it('shows a loading indicator, then the empty state', async () => {
    const list = deferred();
    openScreen({ [LIST]: list.route });

    expect(await screen.findByText('Loading JWT configurations...')).toBeInTheDocument();
    list.resolve(reply(200, []));
    expect(
      await screen.findByText('No JWT configurations found. Click "Add JWT Configuration" to create your first one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading JWT configurations...')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load JWT configurations' when the list fails without a message", async () => {
    openScreen({ [LIST]: reply(404) });

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load JWT configurations');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's message to a non-admin (no client-side role check) and loads again on retry", async () => {
    const { api, app } = openScreen(
      {
        [LIST]: (_call, nth) => (nth === 0 ? errorReply(403, 'forbidden', 'You do not have the admin role.') : reply(200, [billing])),
      },
      player,
    );

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load JWT configurations');
    expect(banner).toHaveTextContent('You do not have the admin role.');
    expect(app.pathname()).toBe('/admin/jwts');

    await app.user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await table()).toBeInTheDocument();
    expect(api.count(LIST)).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/admin/jwts add and edit', () => {
  it('opens the add form with the focus in its first field, not on its close button', async () => {
    const { app } = openScreen({ [LIST]: reply(200, [billing]) });
    const dialog = await openAddModal(app);

    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Service Name' })).toHaveFocus());
  });

  it('says what each field is, and where the token is written with a cluster and without one', async () => {
    const { app } = openScreen({ [LIST]: reply(200, [billing]) });
    const dialog = await openAddModal(app);
    const field = (name: string) => within(dialog).getByRole('textbox', { name });

    expect(field('Audience')).toHaveAccessibleDescription(/^The aud claim/);
    expect(field('Subject')).toHaveAccessibleDescription(/^The sub claim/);
    expect(field('Authorized Party')).toHaveAccessibleDescription(/^The azp claim/);
    expect(field('TTL (minutes)')).toHaveAccessibleDescription('How long each token is valid. Between 5 and 1440. Default: 55');
    expect(field('K8s Secret Key')).toHaveAccessibleDescription(/holds the token/);
    expect(dialog).toHaveTextContent('Without a cluster it writes a file shaped like the Secret instead');
    expect(dialog).toHaveTextContent('kubernetes-secrets/<namespace>/<secret name>.json in its data folder (DATA_DIR)');
  });

  it('opens the add form with its title, required marks, defaults and rotation hint', async () => {
    const { app } = openScreen({ [LIST]: reply(200, [billing]) });
    const dialog = await openAddModal(app);

    const labels = within(dialog)
      .getAllByRole('textbox')
      .map((input) => labelOf(input));
    expect(labels).toEqual([
      'Service Name *',
      'Audience *',
      'Subject *',
      'Authorized Party',
      'TTL (minutes)',
      'K8s Namespace *',
      'K8s Secret Name *',
      'K8s Secret Key *',
      'Rotation Interval (hours)',
    ]);
    expect(within(dialog).getByRole('textbox', { name: 'Service Name' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'TTL (minutes)' })).toHaveValue('55');
    expect(within(dialog).getByText('Rotation Settings')).toBeInTheDocument();

    const rotation = within(dialog).getByRole('checkbox', { name: 'Enable automatic rotation' });
    expect(rotation).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Rotation Interval (hours)' })).toHaveValue('24');
    expect(within(dialog).getByText('Default: 24 hours (1 day)')).toBeInTheDocument();

    await app.user.click(rotation);
    expect(within(dialog).queryByRole('textbox', { name: 'Rotation Interval (hours)' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Default: 24 hours (1 day)')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled();
  });

  it("POSTs the trimmed body with the interval in minutes, shows 'Creating...', then closes and refreshes the list", async () => {
    const created = deferred();
    const { api, app } = openScreen({
      [LIST]: (_call, nth) => reply(200, nth === 0 ? [] : [billing]),
      'POST /api/admin/service-jwts': created.route,
    });
    await screen.findByText(/No JWT configurations found/);
    const dialog = await openAddModal(app);
    await fillRequired(app, dialog);
    const interval = within(dialog).getByRole('textbox', { name: 'Rotation Interval (hours)' });
    await fill(app, interval, '12');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const busy = await within(dialog).findByRole('button', { name: 'Creating...' });
    expect(busy).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add JWT Configuration' })).toBeDisabled();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: 'https://auth.example.test/api/admin/service-jwts',
      credentials: 'include',
      body: {
        service_name: 'billing',
        audience: 'billing-api',
        subject: 'service:billing',
        authorized_party: null,
        ttl_minutes: 55,
        k8s_namespace: 'billing',
        k8s_secret_name: 'billing-jwt',
        k8s_secret_key: 'token',
        rotation_enabled: true,
        rotation_interval_minutes: 720,
      },
    });

    created.resolve(reply(201, billing));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('JWT configuration for billing created.');
    expect(api.count(LIST)).toBe(2);
    expect(await table()).toBeInTheDocument();
    expect(rowOf('billing')).toBeInTheDocument();
  });

  it('sends the fallbacks for a non-numeric TTL and a switched-off rotation', async () => {
    const { api, app } = openScreen({
      [LIST]: reply(200, [billing]),
      'POST /api/admin/service-jwts': reply(201, billing),
    });
    const dialog = await openAddModal(app);
    await fillRequired(app, dialog);
    await fill(app, within(dialog).getByRole('textbox', { name: 'Authorized Party' }), ' portal ');
    const ttl = within(dialog).getByRole('textbox', { name: 'TTL (minutes)' });
    await fill(app, ttl, 'abc');
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Enable automatic rotation' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(api.count('POST /api/admin/service-jwts')).toBe(1));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      authorized_party: 'portal',
      ttl_minutes: 55,
      rotation_enabled: false,
      rotation_interval_minutes: 1440,
    });
  });

  it('marks missing required fields and out-of-range numbers, and sends nothing', async () => {
    const { api, app } = openScreen({ [LIST]: reply(200, [billing]) });
    const dialog = await openAddModal(app);

    const ttl = within(dialog).getByRole('textbox', { name: 'TTL (minutes)' });
    await fill(app, ttl, '3');
    const interval = within(dialog).getByRole('textbox', { name: 'Rotation Interval (hours)' });
    await fill(app, interval, '9000');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));

    // The contract's messages, the very ones the server would answer.
    for (const message of [
      'Service name is required',
      'Audience is required',
      'Subject is required',
      'K8s namespace is required',
      'K8s secret name is required',
      'K8s secret key is required',
      'TTL must be at least 5 minutes',
      'Rotation interval must be at most 8760 hours',
    ]) {
      expect(within(dialog).getAllByText(message, { exact: false }).length).toBeGreaterThan(0);
    }
    expect(within(dialog).getByRole('textbox', { name: 'Service Name' })).toHaveAttribute('aria-invalid', 'true');
    // Beside the buttons, every field in error by its label, in the form's order; the focus is on the first.
    const summary = within(dialog).getByRole('status', { name: '8 fields need a change' });
    expect(
      within(summary)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Service Name',
      'Audience',
      'Subject',
      'TTL (minutes)',
      'K8s Namespace',
      'K8s Secret Name',
      'K8s Secret Key',
      'Rotation Interval (hours)',
    ]);
    expect(within(dialog).getByRole('textbox', { name: 'Service Name' })).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Authorized Party' })).not.toHaveAttribute('aria-invalid', 'true');

    await fill(app, ttl, '12.5');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('TTL must be a whole number of minutes')).toBeInTheDocument();
    expect(api.count('POST /api/admin/service-jwts')).toBe(0);
  });

  it("shows the contract's Kubernetes name rules before sending", async () => {
    const { api, app } = openScreen({ [LIST]: reply(200, [billing]) });
    const dialog = await openAddModal(app);
    await fillRequired(app, dialog);
    await fill(app, within(dialog).getByRole('textbox', { name: 'K8s Namespace' }), 'Billing_NS');
    await fill(app, within(dialog).getByRole('textbox', { name: 'K8s Secret Name' }), '-billing-');
    await fill(app, within(dialog).getByRole('textbox', { name: 'K8s Secret Key' }), 'my token');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(
      within(dialog).getByText(
        'K8s namespace must be a valid Kubernetes name: lowercase letters, digits and "-", starting and ending with a letter or digit',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'K8s secret name must be a valid Kubernetes name: lowercase letters, digits, "-" and ".", starting and ending with a letter or digit',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('K8s secret key may contain only letters, digits, "-", "_" and "."')).toBeInTheDocument();
    expect(api.count('POST /api/admin/service-jwts')).toBe(0);
  });

  it("shows the server's 409 message in the banner, and Cancel resets the form and clears it", async () => {
    const message = 'A JWT configuration for the service "billing" already exists.';
    const { api, app } = openScreen({
      [LIST]: reply(200, [billing]),
      'POST /api/admin/service-jwts': errorReply(409, 'conflict', message),
    });
    let dialog = await openAddModal(app);
    await fillRequired(app, dialog);
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    // The focus goes to the failure, not to <body>.
    await waitFor(() => expect(alert).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled();
    expect(within(dialog).getByRole('textbox', { name: 'Service Name' })).toHaveValue('  billing  ');
    expect(api.count(LIST)).toBe(1);

    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(message)).not.toBeInTheDocument();

    dialog = await openAddModal(app);
    expect(within(dialog).getByRole('textbox', { name: 'Service Name' })).toHaveValue('');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a Kubernetes-name error from the server, and the fallback when the answer has no message', async () => {
    const k8s = 'body.k8s_namespace: K8s namespace must be a valid Kubernetes name';
    const { app } = openScreen({
      [LIST]: reply(200, [billing]),
      'POST /api/admin/service-jwts': (_call, nth) => (nth === 0 ? errorReply(400, 'bad_request', k8s) : reply(500)),
    });
    const dialog = await openAddModal(app);
    await fillRequired(app, dialog);
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const alert = await within(dialog).findByRole('alert');
    // In words: the request location the server names the field by is not shown.
    expect(alert).toHaveTextContent('K8s namespace must be a valid Kubernetes name');
    expect(alert).not.toHaveTextContent('body.');

    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Save failed'));
    expect(within(dialog).queryByText('K8s namespace must be a valid Kubernetes name')).not.toBeInTheDocument();
  });

  it('closing with the X also resets the form', async () => {
    const { app } = openScreen({ [LIST]: reply(200, [billing]) });
    let dialog = await openAddModal(app);
    await fill(app, within(dialog).getByRole('textbox', { name: 'Service Name' }), 'draft');
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    dialog = await openAddModal(app);
    expect(within(dialog).getByRole('textbox', { name: 'Service Name' })).toHaveValue('');
  });

  it("fills the edit form from the row and PUTs it with 'Updating...'", async () => {
    const updated = deferred();
    const { api, app } = openScreen({
      [LIST]: reply(200, [billing, reports]),
      [`PUT /api/admin/service-jwts/${reports.id}`]: updated.route,
    });
    await table();
    await app.user.click(within(rowOf('reports')).getByRole('button', { name: 'Edit' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit JWT Configuration' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    expect(field('Service Name')).toHaveValue('reports');
    expect(field('Audience')).toHaveValue('reports-api');
    expect(field('Subject')).toHaveValue('service:reports');
    expect(field('Authorized Party')).toHaveValue('portal');
    expect(field('TTL (minutes)')).toHaveValue('30');
    expect(field('K8s Namespace')).toHaveValue('reports');
    expect(field('K8s Secret Name')).toHaveValue('reports-jwt');
    expect(field('K8s Secret Key')).toHaveValue('token');
    expect(within(dialog).getByRole('checkbox', { name: 'Enable automatic rotation' })).toBeChecked();
    expect(field('Rotation Interval (hours)')).toHaveValue('12');

    await fill(app, field('Audience'), 'reports-v2');
    await app.user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await within(dialog).findByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      service_name: 'reports',
      audience: 'reports-v2',
      subject: 'service:reports',
      authorized_party: 'portal',
      ttl_minutes: 30,
      k8s_namespace: 'reports',
      k8s_secret_name: 'reports-jwt',
      k8s_secret_key: 'token',
      rotation_enabled: true,
      rotation_interval_minutes: 720,
    });

    updated.resolve(reply(200, { ...reports, audience: 'reports-v2' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('JWT configuration for reports updated.');
    expect(api.count(LIST)).toBe(2);
  });

  it("shows the server's 409 for a Secret key another configuration writes in the edit form's red banner, and keeps the form", async () => {
    const message =
      'The JWT configuration "billing" already writes the key "token" of the Secret billing/billing-jwt; choose another namespace, Secret name or key.';
    const { api, app } = openScreen({
      [LIST]: reply(200, [billing, reports]),
      [`PUT /api/admin/service-jwts/${reports.id}`]: errorReply(409, 'conflict', message),
    });
    await table();
    await app.user.click(within(rowOf('reports')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit JWT Configuration' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    await fill(app, field('K8s Namespace'), 'billing');
    await fill(app, field('K8s Secret Name'), 'billing-jwt');
    await app.user.click(within(dialog).getByRole('button', { name: 'Update' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Save failed');
    expect(alert).toHaveTextContent(message);
    expect(field('K8s Secret Name')).toHaveValue('billing-jwt');
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeEnabled();
    expect(api.count(LIST)).toBe(1);
  });

  it('shows a disabled row unchecked and without the interval field when edited', async () => {
    const { app } = openScreen({ [LIST]: reply(200, [legacy]) });
    await table();
    await app.user.click(within(rowOf('legacy')).getByRole('button', { name: 'Edit' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit JWT Configuration' });
    expect(within(dialog).getByRole('checkbox', { name: 'Enable automatic rotation' })).not.toBeChecked();
    expect(within(dialog).queryByRole('textbox', { name: 'Rotation Interval (hours)' })).not.toBeInTheDocument();
  });
});

describe('/admin/jwts delete and rotate', () => {
  it("asks 'Confirm Delete' with the exact text, DELETEs with 'Deleting...' and refreshes the list", async () => {
    const removed = deferred();
    const { api, app } = openScreen({
      [LIST]: (_call, nth) => reply(200, nth === 0 ? [billing, reports] : [reports]),
      [`DELETE /api/admin/service-jwts/${billing.id}`]: removed.route,
    });
    await table();
    await app.user.click(within(rowOf('billing')).getByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('dialog', { name: 'Confirm Delete' });
    expect(
      within(dialog).getByText('Are you sure you want to delete the JWT configuration for billing? This action cannot be undone.'),
    ).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(rowOf('reports')).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(api.calls.find((c) => c.method === 'DELETE')).toMatchObject({
      url: `https://auth.example.test/api/admin/service-jwts/${billing.id}`,
      credentials: 'include',
    });

    removed.resolve(reply(204));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('JWT configuration for billing deleted.');
    expect(api.count(LIST)).toBe(2);
    await waitFor(() => expect(() => rowOf('billing')).toThrow());
    expect(rowOf('reports')).toBeInTheDocument();
  });

  it('Cancel closes the delete confirmation without a call', async () => {
    const { api, app } = openScreen({ [LIST]: reply(200, [billing]) });
    await table();
    await app.user.click(within(rowOf('billing')).getByRole('button', { name: 'Delete' }));
    await app.user.click(within(screen.getByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.count(`DELETE /api/admin/service-jwts/${billing.id}`)).toBe(0);
  });

  it("shows 'Delete failed' when the delete fails without a message", async () => {
    const { app } = openScreen({
      [LIST]: reply(200, [billing]),
      [`DELETE /api/admin/service-jwts/${billing.id}`]: reply(500),
    });
    await table();
    await app.user.click(within(rowOf('billing')).getByRole('button', { name: 'Delete' }));
    await app.user.click(within(screen.getByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Delete failed');
    expect(rowOf('billing')).toBeInTheDocument();
  });

  it("asks 'Confirm Rotation' with the exact text and POSTs rotate-now with 'Rotating...'", async () => {
    const rotated = deferred();
    const { api, app } = openScreen({
      [LIST]: reply(200, [billing]),
      [`POST /api/admin/service-jwts/${billing.id}/rotate-now`]: rotated.route,
    });
    await table();
    await app.user.click(within(rowOf('billing')).getByRole('button', { name: 'Rotate Now' }));

    const dialog = screen.getByRole('dialog', { name: 'Confirm Rotation' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to rotate the JWT for billing? This will generate a new JWT and update the Kubernetes secret.',
      ),
    ).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Rotate Now' }));

    expect(await within(dialog).findByRole('button', { name: 'Rotating...' })).toBeDisabled();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: `https://auth.example.test/api/admin/service-jwts/${billing.id}/rotate-now`,
      credentials: 'include',
    });

    rotated.resolve(reply(200, { ...billing, last_rotated_at: new Date().toISOString() }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('JWT for billing rotated; the Kubernetes secret holds the new one.');
    expect(api.count(LIST)).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's 502 rotation message in the red banner until dismissed", async () => {
    const message = 'Kubernetes answered 403 Forbidden when writing secret billing/billing-jwt.';
    const { app } = openScreen({
      [LIST]: reply(200, [billing]),
      [`POST /api/admin/service-jwts/${billing.id}/rotate-now`]: errorReply(502, 'rotation_failed', message),
    });
    await table();
    await app.user.click(within(rowOf('billing')).getByRole('button', { name: 'Rotate Now' }));
    await app.user.click(within(screen.getByRole('dialog', { name: 'Confirm Rotation' })).getByRole('button', { name: 'Rotate Now' }));

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await app.user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Rotation failed' when the rotation fails without a message, and clears it when a save starts", async () => {
    const { app } = openScreen({
      [LIST]: reply(200, [billing]),
      [`POST /api/admin/service-jwts/${billing.id}/rotate-now`]: reply(502),
    });
    await table();
    await app.user.click(within(rowOf('billing')).getByRole('button', { name: 'Rotate Now' }));
    await app.user.click(within(screen.getByRole('dialog', { name: 'Confirm Rotation' })).getByRole('button', { name: 'Rotate Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Rotation failed');

    await openAddModal(app);
    expect(screen.queryByText('Rotation failed')).not.toBeInTheDocument();
  });
});

describe('/admin/jwts Replace signing keys now', () => {
  const REPLACE = 'POST /api/admin/signing-keys/replace';

  it('says what happens to old tokens before it POSTs, shows Replacing..., then says what it did', async () => {
    const replaced = deferred();
    const { api, app } = openScreen({ [LIST]: reply(200, [billing]), [REPLACE]: replaced.route });
    await table();
    await app.user.click(screen.getByRole('button', { name: 'Replace signing keys now' }));

    const dialog = screen.getByRole('dialog', { name: 'Replace signing keys now?' });
    expect(dialog).toHaveTextContent('New keys sign every token from now on, and the old keys leave the published key set at once.');
    expect(dialog).toHaveTextContent(
      'stops verifying at each app once its cached copy of the key set expires: within 5 minutes for apps that follow the portal’s cache time.',
    );
    expect(dialog).toHaveTextContent('Players stay signed in');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await app.user.click(within(dialog).getByRole('button', { name: 'Replace signing keys' }));
    expect(await within(dialog).findByRole('button', { name: 'Replacing...' })).toBeDisabled();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: 'https://auth.example.test/api/admin/signing-keys/replace',
      credentials: 'include',
    });

    replaced.resolve(
      reply(200, { new_kids: ['k1', 'k2'], removed_keys: 2, service_jwts_reissued: 1, service_jwts_failed: [], jwks_max_age_seconds: 300 }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(
      'Signing keys replaced. Tokens signed by the old keys stop verifying as apps fetch the new key set (within 5 minutes for apps that follow its cache time). 1 service JWT re-issued.',
    );
    expect(api.count(LIST)).toBe(2);
  });

  it('Cancel sends nothing; a failure shows in the red banner', async () => {
    const { api, app } = openScreen({ [LIST]: reply(200, [billing]), [REPLACE]: errorReply(403, 'forbidden', 'Admins only.') });
    await table();
    await app.user.click(screen.getByRole('button', { name: 'Replace signing keys now' }));
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await app.user.click(screen.getByRole('button', { name: 'Replace signing keys now' }));
    await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Replace signing keys' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Admins only.');
  });
});

describe('/admin/jwts rotation history', () => {
  // Raw answers: a type other than manual reads as Auto, a status other than success as Failed.
  const entries: { rotatedAt: string; type: string; status: string; message: string | null }[] = [
    { rotatedAt: hoursAgo(1), type: 'manual', status: 'success', message: 'Rotated by Jorin Vex' },
    { rotatedAt: hoursAgo(25), type: 'scheduled', status: 'error', message: 'Kubernetes answered 403 Forbidden' },
    { rotatedAt: hoursAgo(49), type: 'auto', status: 'success', message: null },
  ];

  it('lists the rotations with Manual/Auto and Success/Failed badges', async () => {
    const { api, app } = openScreen({
      [LIST]: reply(200, [billing]),
      [`GET /api/admin/service-jwts/${billing.id}/rotations`]: reply(200, entries),
    });
    await table();
    await app.user.click(within(rowOf('billing')).getByRole('button', { name: 'View History' }));

    const dialog = screen.getByRole('dialog', { name: 'Rotation History - billing' });
    const history = await within(dialog).findByRole('table', { name: 'Rotation history' });
    expect(
      within(history)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Type', 'Status', 'Message']);
    const rows = within(history)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      [formatDateTime(entries[0]!.rotatedAt), 'Manual', 'Success', 'Rotated by Jorin Vex'],
      [formatDateTime(entries[1]!.rotatedAt), 'Auto', 'Failed', 'Kubernetes answered 403 Forbidden'],
      [formatDateTime(entries[2]!.rotatedAt), 'Auto', 'Success', '-'],
    ]);
    expect(api.calls.at(-1)).toMatchObject({ credentials: 'include' });

    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'No rotation history found.' for an empty list and for an answer that is not a list", async () => {
    const { app } = openScreen({
      [LIST]: reply(200, [billing, reports]),
      [`GET /api/admin/service-jwts/${billing.id}/rotations`]: reply(200, []),
      [`GET /api/admin/service-jwts/${reports.id}/rotations`]: reply(200, { rotations: 'none' }),
    });
    await table();

    await app.user.click(within(rowOf('billing')).getByRole('button', { name: 'View History' }));
    let dialog = screen.getByRole('dialog', { name: 'Rotation History - billing' });
    expect(await within(dialog).findByText('No rotation history found.')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await app.user.click(within(rowOf('reports')).getByRole('button', { name: 'View History' }));
    dialog = screen.getByRole('dialog', { name: 'Rotation History - reports' });
    expect(await within(dialog).findByText('No rotation history found.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's message, else 'Failed to load rotation history'", async () => {
    const { app } = openScreen({
      [LIST]: reply(200, [billing, reports]),
      [`GET /api/admin/service-jwts/${billing.id}/rotations`]: errorReply(404, 'not_found', 'JWT configuration not found.'),
      [`GET /api/admin/service-jwts/${reports.id}/rotations`]: reply(400),
    });
    await table();

    await app.user.click(within(rowOf('billing')).getByRole('button', { name: 'View History' }));
    let dialog = screen.getByRole('dialog', { name: 'Rotation History - billing' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('JWT configuration not found.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await app.user.click(within(rowOf('reports')).getByRole('button', { name: 'View History' }));
    dialog = screen.getByRole('dialog', { name: 'Rotation History - reports' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to load rotation history');
  });
});

describe('/admin/jwts on a phone', () => {
  function phoneScreen() {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMedia(query), matches: query === PHONE_QUERY }));
  }

  it("brings a failed rotation's red banner into view from a card far down the page", async () => {
    phoneScreen();
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const { app } = openScreen({
      [LIST]: reply(200, [billing, ledger]),
      [`POST /api/admin/service-jwts/${ledger.id}/rotate-now`]: errorReply(502, 'rotation_failed', 'Kubernetes answered 403 Forbidden.'),
    });
    const card = within(await screen.findByRole('list', { name: 'JWT configurations' })).getByRole('listitem', { name: 'ledger' });

    await app.user.click(within(card).getByRole('button', { name: 'Rotate Now' }));
    await app.user.click(within(screen.getByRole('dialog', { name: 'Confirm Rotation' })).getByRole('button', { name: 'Rotate Now' }));

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Kubernetes answered 403 Forbidden.');
    expect(scrolled.some((element) => element.contains(banner))).toBe(true);
  });

  it('stacks one card per configuration with the same fields and actions, and no table', async () => {
    phoneScreen();
    const { api, app } = openScreen({
      [LIST]: reply(200, [billing, ledger]),
      [`GET /api/admin/service-jwts/${ledger.id}/rotations`]: reply(200, [
        { rotatedAt: ledger.last_rotated_at, type: 'manual', status: 'success', message: null },
      ]),
    });

    const cards = await screen.findByRole('list', { name: 'JWT configurations' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('listitem', { name: 'billing' });
    for (const text of ['billing-api', 'service:billing', 'Key: token', 'Enabled', 'Every 24 h', 'Active', 'Never']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(card).toHaveTextContent('billing/billing-jwt');
    expect(within(within(cards).getByRole('listitem', { name: 'ledger' })).getByText('Overdue')).toBeInTheDocument();
    for (const name of ['Edit', 'Rotate Now', 'View History', 'Delete']) {
      expect(within(card).getByRole('button', { name })).toBeEnabled();
    }

    await app.user.click(within(within(cards).getByRole('listitem', { name: 'ledger' })).getByRole('button', { name: 'View History' }));
    const dialog = screen.getByRole('dialog', { name: 'Rotation History - ledger' });
    const history = await within(dialog).findByRole('list', { name: 'Rotation history' });
    const [entry] = within(history).getAllByRole('listitem');
    expect(entry).toHaveTextContent(formatDateTime(ledger.last_rotated_at));
    expect(within(entry!).getByText('Manual')).toBeInTheDocument();
    expect(within(entry!).getByText('Success')).toBeInTheDocument();
    expect(within(entry!).getByText('-')).toBeInTheDocument();
    expect(api.count(`GET /api/admin/service-jwts/${ledger.id}/rotations`)).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('runs on its defaults: port 3000, embedded database, simulator with Jorin Vex as admin', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: '.data',
      databaseUrl: undefined,
      adminUids: ['1:100001'],
      swc: { simulator: true, simulatorPort: 3001 },
      session: { secureCookie: false },
    });
  });

  it('follows PORT for the public URL and the simulator port', () => {
    expect(loadConfig({ PORT: '4000' })).toMatchObject({ publicUrl: 'http://localhost:4000', swc: { simulatorPort: 4001 } });
  });

  it('serves the management interface on port 9000 of the main host, each adjustable', () => {
    expect(loadConfig({}).management).toEqual({ port: 9000, host: '0.0.0.0' });
    expect(loadConfig({ HOST: '10.0.0.5' }).management).toEqual({ port: 9000, host: '10.0.0.5' });
    expect(loadConfig({ MANAGEMENT_PORT: '9100', MANAGEMENT_HOST: '127.0.0.1' }).management).toEqual({ port: 9100, host: '127.0.0.1' });
    expect(loadConfig({ MANAGEMENT_PORT: '0' }).management.port).toBe(0);
  });

  it('keeps the management port apart from the public port and the simulator', () => {
    expect(() => loadConfig({ MANAGEMENT_PORT: '3000' })).toThrow(
      'MANAGEMENT_PORT: must differ from PORT (3000): /metrics must not be reachable on the public port',
    );
    expect(() => loadConfig({ MANAGEMENT_PORT: '3001' })).toThrow("MANAGEMENT_PORT: must differ from the simulator's port 3001");
    expect(() => loadConfig({ PORT: '8999' })).toThrow("MANAGEMENT_PORT: must differ from the simulator's port 9000");
    // A worker listens on the management port alone, and the real SWCombine needs no simulator port.
    expect(
      loadConfig({ PORTAL_MODE: 'worker', SWC_SIMULATOR_URL: 'http://web:3001', DISCORD_URL: 'http://web:3002', MANAGEMENT_PORT: '3000' })
        .management.port,
    ).toBe(3000);
    expect(loadConfig({ SWC_CLIENT_ID: 'id', SWC_CLIENT_SECRET: 's', MANAGEMENT_PORT: '3001' }).management.port).toBe(3001);
  });

  it('uses the real SWCombine with a client id and secret, and no default admin', () => {
    const c = loadConfig({ SWC_CLIENT_ID: 'id', SWC_CLIENT_SECRET: 'secret' });
    expect(c.swc).toMatchObject({ simulator: false, baseUrl: 'https://www.swcombine.com', clientId: 'id' });
    expect(c.adminUids).toEqual([]);
  });

  it('refuses to start in production without SWCombine credentials, instead of running the simulator with an admin anyone can be', () => {
    const production = { NODE_ENV: 'production', ENCRYPTION_KEY: 'ab'.repeat(32) };
    for (const env of [
      production,
      { ...production, PORTAL_MODE: 'worker', SWC_SIMULATOR_URL: 'http://web:3001', DISCORD_URL: 'http://web:3002' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/SWC_CLIENT_ID: is required in production, with SWC_CLIENT_SECRET: .*simulator/);
    }
    expect(() => loadConfig({ ...production, SWC_CLIENT_ID: 'id' })).toThrow('SWC_CLIENT_SECRET');
    const real = loadConfig({ ...production, SWC_CLIENT_ID: 'id', SWC_CLIENT_SECRET: 'secret' });
    expect(real.swc.simulator).toBe(false);
    expect(real.adminUids).toEqual([]);
  });

  it('parses ADMIN_UIDS as a trimmed list', () => {
    expect(loadConfig({ ADMIN_UIDS: ' 1:5, 1:6 ,' }).adminUids).toEqual(['1:5', '1:6']);
  });

  it('runs HTTP and jobs by default, and either alone on request', () => {
    expect(loadConfig({}).mode).toBe('all');
    expect(loadConfig({ PORTAL_MODE: 'worker', SWC_SIMULATOR_URL: 'http://web:3001', DISCORD_URL: 'http://web:3002' }).mode).toBe('worker');
    expect(() => loadConfig({ PORTAL_MODE: 'both' })).toThrow('PORTAL_MODE');
  });

  it('tells a worker in simulator mode where the simulator runs, since it starts none', () => {
    const worker = { PORTAL_MODE: 'worker', SWC_SIMULATOR_URL: 'http://portal-web:3001/', DISCORD_URL: 'http://portal-web:3002' };
    expect(loadConfig(worker).swc).toMatchObject({ simulator: true, simulatorUrl: 'http://portal-web:3001' });
    expect(() => loadConfig({ PORTAL_MODE: 'worker', DISCORD_URL: 'http://portal-web:3002' })).toThrow(
      'SWC_SIMULATOR_URL: is required for PORTAL_MODE=worker with the simulator (SWC_CLIENT_ID unset)',
    );
    expect(() => loadConfig({ ...worker, SWC_SIMULATOR_URL: 'portal-web:3001' })).toThrow('SWC_SIMULATOR_URL');
  });

  it('tells a worker in simulator mode where the Discord simulator runs: it would otherwise call its own localhost, where none runs', () => {
    const worker = { PORTAL_MODE: 'worker', SWC_SIMULATOR_URL: 'http://portal-web:3001' };
    expect(() => loadConfig(worker)).toThrow(
      'DISCORD_URL: is required for PORTAL_MODE=worker with the simulator (SWC_CLIENT_ID unset): a worker starts no Discord simulator',
    );
    expect(loadConfig({ ...worker, DISCORD_URL: 'http://portal-web:3002/' }).discord).toMatchObject({
      simulator: false,
      url: 'http://portal-web:3002',
    });
    // A web replica and command 1 start the Discord simulator themselves.
    expect(loadConfig({ PORTAL_MODE: 'web' }).discord.simulator).toBe(true);
    // Against the real SWCombine a worker needs no simulator.
    expect(loadConfig({ PORTAL_MODE: 'worker', SWC_CLIENT_ID: 'id', SWC_CLIENT_SECRET: 's' }).swc.simulatorUrl).toBeUndefined();
  });

  it('bounds waits on the database: 5 s to connect, 5 s per statement, 30 s idle in a transaction, each adjustable', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ connectSeconds: 5, statementSeconds: 5, idleInTransactionSeconds: 30 });
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_S: '60' }).databaseTimeouts.statementSeconds).toBe(60);
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_S: '0' })).toThrow('DATABASE_CONNECT_TIMEOUT_S');
    expect(() => loadConfig({ DATABASE_IDLE_TX_TIMEOUT_S: 'soon' })).toThrow('DATABASE_IDLE_TX_TIMEOUT_S');
  });

  it('marks cookies Secure outside localhost', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com' }).session.secureCookie).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ MANAGEMENT_PORT: 'metrics' }, 'MANAGEMENT_PORT'],
    [{ MANAGEMENT_PORT: '70000' }, 'MANAGEMENT_PORT'],
    [{ SWC_CLIENT_ID: 'only-id' }, 'SWC_CLIENT_SECRET: SWC_CLIENT_ID and SWC_CLIENT_SECRET must be set together'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ENCRYPTION_KEY: 'short' }, 'ENCRYPTION_KEY: must be 64 hex characters'],
    [{ NODE_ENV: 'production' }, 'ENCRYPTION_KEY: is required in production'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
  ])('refuses %j with a message naming the variable', (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });
});

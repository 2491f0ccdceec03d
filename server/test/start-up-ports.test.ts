import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenAt, StartError } from '../src/lib/listen.ts';
import { PRODUCT_NODE_FLAGS } from '../src/runtime-flags.ts';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
let taken: Server;
let takenPort: number;
let dataDir: string;

/** Another process's server on a port, on every interface. */
beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen({ port: 0, host: '0.0.0.0' }, resolve));
  takenPort = (taken.address() as AddressInfo).port;
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-ports-'));
});
afterAll(() => {
  taken.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Starts the product as `npm start` does, with `env`; answers how it ended and what it said. */
async function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, main], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

describe('a port another process holds', () => {
  it('stops the start at once, naming MANAGEMENT_PORT, not with Node’s raw EADDRINUSE', async () => {
    const { code, output } = await start({ PORT: String(await freePort()), MANAGEMENT_PORT: String(takenPort), SWC_SIMULATOR_PORT: '0' });
    expect(code).toBe(1);
    expect(output).toContain(
      `Failed to start: MANAGEMENT_PORT ${takenPort} is already in use (0.0.0.0:${takenPort}): another process listens there. Stop it, or set MANAGEMENT_PORT to a free port.`,
    );
    expect(output).not.toContain('EADDRINUSE');
    // Nothing was started before the check: no embedded PostgreSQL was created.
    expect(output).not.toContain('PostgreSQL');
  });

  it('names PORT when the public port is taken', async () => {
    const { code, output } = await start({ PORT: String(takenPort), MANAGEMENT_PORT: '0', SWC_SIMULATOR_PORT: '0' });
    expect(code).toBe(1);
    expect(output).toContain(`PORT ${takenPort} is already in use`);
    expect(output).toContain('set PORT to a free port');
  });

  it("names SWC_SIMULATOR_PORT when the simulator's port is taken", async () => {
    const { code, output } = await start({ PORT: String(await freePort()), MANAGEMENT_PORT: '0', SWC_SIMULATOR_PORT: String(takenPort) });
    expect(code).toBe(1);
    expect(output).toContain(`set SWC_SIMULATOR_PORT to a free port`);
  });

  it('names MANAGEMENT_HOST when it is no address of this machine', async () => {
    const { code, output } = await start({
      PORT: String(await freePort()),
      MANAGEMENT_PORT: String(await freePort()),
      MANAGEMENT_HOST: '192.0.2.1',
      SWC_SIMULATOR_PORT: '0',
    });
    expect(code).toBe(1);
    expect(output).toContain('MANAGEMENT_HOST 192.0.2.1 is no address of this machine');
  });

  it('is explained the same when it is taken between the check and the listen', async () => {
    const err = Object.assign(new Error(`listen EADDRINUSE: address already in use 0.0.0.0:9000`), { code: 'EADDRINUSE' });
    const server = { listen: () => Promise.reject(err) };
    const listening = listenAt(server, { setting: 'MANAGEMENT_PORT', port: 9000, hostSetting: 'MANAGEMENT_HOST', host: '0.0.0.0' });
    await expect(listening).rejects.toBeInstanceOf(StartError);
    await expect(listening).rejects.toThrow('MANAGEMENT_PORT 9000 is already in use (0.0.0.0:9000)');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ConfigError, loadConfig } from '../../src/config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The environment the image's last stage sets (`ENV A=1 B=2`). */
function imageEnv(): Record<string, string> {
  const lastStage = read('deploy/Dockerfile')
    .split(/^FROM /m)
    .at(-1)!;
  const line = lastStage.match(/^ENV (.+)$/m)![1]!;
  return Object.fromEntries(line.split(/\s+/).map((pair) => pair.split('=') as [string, string]));
}

/** The plain env values the web deployment sets (the Secret's values come on top). */
function webDeploymentEnv(): Record<string, string> {
  const docs = parseAllDocuments(read('deploy/kubernetes/portal.yaml')).map((d) => d.toJS());
  const web = docs.find((d) => d?.kind === 'Deployment' && d.metadata.name === 'swc-portal-web');
  const env = web.spec.template.spec.containers[0].env as { name: string; value: string }[];
  return Object.fromEntries(env.map((e) => [e.name, e.value]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the production image and the simulator', () => {
  it('runs NODE_ENV=production, where a deployment whose Secret lacks SWC_CLIENT_ID refuses to start instead of running a simulator', () => {
    const deployed: Record<string, string> = {
      ...imageEnv(),
      ...webDeploymentEnv(),
      DATABASE_URL: 'postgres://db/portal',
      ENCRYPTION_KEY: 'ab'.repeat(32),
    };
    expect(deployed.NODE_ENV).toBe('production');
    expect(() => loadConfig(deployed)).toThrow(ConfigError);
    expect(() => loadConfig(deployed)).toThrow('SWC_CLIENT_ID: is required in production, with SWC_CLIENT_SECRET');
    expect(loadConfig({ ...deployed, SWC_CLIENT_ID: 'id', SWC_CLIENT_SECRET: 'secret' }).swc.simulator).toBe(false);
  });

  it('leaves the simulator out of the server’s production dependencies, and imports it only in simulator mode', () => {
    const server = JSON.parse(read('server/package.json')) as Record<string, Record<string, string>>;
    expect(Object.keys(server.dependencies!)).not.toContain('@portal/swc-simulator');
    expect(Object.keys(server.devDependencies!)).toContain('@portal/swc-simulator');
    // A static import would load it in every mode: the production tree (without it) would not start.
    const staticImport = /^\s*(import|export)\s+(?!type\b)[^;]*?from\s+['"]@portal\/swc-simulator['"]/m;
    const importers = sourceFiles(path.join(root, 'server/src')).filter((f) => staticImport.test(readFileSync(f, 'utf8')));
    expect(importers.map((f) => path.relative(root, f))).toEqual([]);
  });
});

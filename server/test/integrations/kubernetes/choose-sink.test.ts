import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSecretSink } from '../../../src/integrations/kubernetes/choose-sink.ts';
import { FakeKubernetes } from '../../helpers/fake-kubernetes.ts';

let kube: FakeKubernetes;
let folder: string;
beforeAll(async () => {
  kube = await new FakeKubernetes().start();
  folder = mkdtempSync(path.join(tmpdir(), 'secrets-'));
});
afterAll(async () => {
  await kube.stop();
  rmSync(folder, { recursive: true, force: true });
});

const write = { namespace: 'billing', name: 'billing-jwt', key: 'token', value: 'jwt', labels: {}, annotations: {} };

describe('where service JWTs are written', () => {
  it('to the local folder when no cluster is configured', async () => {
    const sink = await createSecretSink({}, folder);
    expect(sink.description).toContain(folder);
    await sink.write(write);
    expect(readdirSync(folder, { recursive: true }).length).toBeGreaterThan(0);
    expect(kube.requests).toHaveLength(0);
  });

  it('to the Kubernetes API when KUBECONFIG names a cluster', async () => {
    const sink = await createSecretSink({ KUBECONFIG: kube.kubeconfig().file }, folder);
    expect(sink.description).toMatch(/^Kubernetes API at /);
    await sink.write(write);
    expect(kube.requests.length).toBeGreaterThan(0);
  });

  it('to the in-cluster API when running in a pod, even with KUBECONFIG set', async () => {
    // The client reads the in-cluster address from the process environment itself.
    vi.stubEnv('KUBERNETES_SERVICE_HOST', '10.96.0.1');
    vi.stubEnv('KUBERNETES_SERVICE_PORT', '443');
    try {
      const sink = await createSecretSink({ ...process.env, KUBECONFIG: kube.kubeconfig().file }, folder);
      expect(sink.description).toBe('Kubernetes API at https://10.96.0.1:443');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

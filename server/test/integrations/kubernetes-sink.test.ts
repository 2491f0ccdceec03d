import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKubernetesSink, loadKubeConfig } from '../../src/integrations/kubernetes/kubernetes-sink.ts';
import { SecretWriteError, type SecretSink } from '../../src/integrations/kubernetes/secret-sink.ts';
import { FakeKubernetes } from '../helpers/fake-kubernetes.ts';

let kube: FakeKubernetes;
let sink: SecretSink;
beforeAll(async () => {
  kube = await new FakeKubernetes().start();
  sink = createKubernetesSink(loadKubeConfig({ KUBECONFIG: kube.kubeconfig().file })!);
});
afterAll(() => kube.stop());

const write = (key: string, value: string) => ({
  namespace: 'billing',
  name: 'billing-jwt',
  key,
  value,
  labels: { 'app.kubernetes.io/managed-by': 'swc-portal' },
  annotations: { 'swc-portal.io/rotated-at': '2026-11-22T12:00:00.000Z' },
});

describe('the Kubernetes Secret sink', () => {
  it('creates the Secret, then patches only its own key', async () => {
    await sink.write(write('token', 'first'));
    await sink.write(write('other', 'kept'));
    await sink.write(write('token', 'second'));
    expect(kube.value('billing', 'billing-jwt', 'token')).toBe('second');
    expect(kube.value('billing', 'billing-jwt', 'other')).toBe('kept');
    expect(kube.secrets.get('billing/billing-jwt')?.metadata.labels).toEqual({ 'app.kubernetes.io/managed-by': 'swc-portal' });
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses the key %s with a message instead of reporting a write that lost it',
    async (key) => {
      const before = kube.requests.length;
      const attempt = sink.write({ ...write(key, 'token'), name: `reserved-${key.replace(/_/g, '')}` });
      await expect(attempt).rejects.toBeInstanceOf(SecretWriteError);
      await expect(attempt).rejects.toThrow(`K8s secret key "${key}" is reserved`);
      expect(kube.requests.length).toBe(before);
    },
  );
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKubernetesSink, loadKubeConfig } from '../../../src/integrations/kubernetes/kubernetes-sink.ts';
import { SecretWriteError, type SecretSink } from '../../../src/integrations/kubernetes/secret-sink.ts';
import { FakeKubernetes } from '../../helpers/fake-kubernetes.ts';

let kube: FakeKubernetes;
let sink: SecretSink;
beforeAll(async () => {
  kube = await new FakeKubernetes().start();
  sink = createKubernetesSink(loadKubeConfig({ KUBECONFIG: kube.kubeconfig().file })!);
});
afterAll(() => kube.stop());
afterEach(() => kube.clear());

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

  it('says what Kubernetes answered when it refuses', async () => {
    kube.fail({ status: 403, reason: 'Forbidden', message: 'secrets "billing-jwt" is forbidden: User "tester" cannot get' });
    const err = await sink.write(write('token', 'refused')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SecretWriteError);
    expect(err).toMatchObject({
      statusCode: 403,
      reason: 'Forbidden',
      message:
        'Kubernetes answered 403 Forbidden when reading Secret billing/billing-jwt: secrets "billing-jwt" is forbidden: User "tester" cannot get',
    });
  });

  it('patches its key into a Secret created between its read and its create', async () => {
    kube.secrets.set('billing/raced-jwt', {
      apiVersion: 'v1',
      kind: 'Secret',
      type: 'Opaque',
      metadata: { name: 'raced-jwt', namespace: 'billing', resourceVersion: '1' },
      data: { theirs: Buffer.from('kept').toString('base64') },
    });
    kube.fail({ method: 'GET', status: 404, reason: 'NotFound', message: 'secrets "raced-jwt" not found', times: 1 });
    const before = kube.requests.length;
    await sink.write({ ...write('token', 'raced'), name: 'raced-jwt' });
    expect(kube.requests.slice(before).map((r) => r.method)).toEqual(['GET', 'POST', 'PATCH']);
    expect(kube.value('billing', 'raced-jwt', 'token')).toBe('raced');
    expect(kube.value('billing', 'raced-jwt', 'theirs')).toBe('kept');
  });

  it('says why Kubernetes could not be reached', async () => {
    const gone = await new FakeKubernetes().start();
    const unreachable = createKubernetesSink(loadKubeConfig({ KUBECONFIG: gone.kubeconfig().file })!);
    await gone.stop();
    const err = await unreachable.write(write('token', 'lost')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SecretWriteError);
    expect((err as SecretWriteError).message).toMatch(
      /^Kubernetes could not be reached when reading Secret billing\/billing-jwt: .*ECONNREFUSED/,
    );
  });
});

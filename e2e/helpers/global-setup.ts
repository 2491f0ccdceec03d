import type { TestProject } from 'vitest/node';
import { FakeKubernetes } from '../../server/test/helpers/fake-kubernetes.ts';
import { startProduct } from './start-product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    kubernetesUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // Service JWTs go to a Kubernetes API server (a fake one, driven by the tests) through KUBECONFIG.
  const kube = await new FakeKubernetes().start();
  // Each lane (project) has its own port range, set in its env (vitest.config.ts).
  const port = Number(project.config.env.E2E_PORT ?? process.env.E2E_PORT ?? 3900);
  const product = await startProduct(port, { KUBECONFIG: kube.kubeconfig().file });
  project.provide('baseUrl', product.baseUrl);
  project.provide('databaseUrl', product.databaseUrl);
  project.provide('kubernetesUrl', kube.url);
  return async () => {
    await product.stop();
    await kube.stop();
  };
}

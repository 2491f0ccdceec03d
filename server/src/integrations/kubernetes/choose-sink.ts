import { createFolderSink } from './folder-sink.ts';
import type { SecretSink } from './secret-sink.ts';

/** The folder under DATA_DIR that the local sink writes (deploy/compose keeps it in a volume). */
export const SECRETS_FOLDER = 'kubernetes-secrets';

/**
 * The Kubernetes API when a cluster is configured (in-cluster, or KUBECONFIG), else a local folder.
 * @kubernetes/client-node adds some 120 MB of resident memory once loaded, so it is imported only
 * when a cluster is there to talk to.
 */
export async function createSecretSink(env: NodeJS.ProcessEnv, folder: string): Promise<SecretSink> {
  if (!env.KUBERNETES_SERVICE_HOST && !env.KUBECONFIG) return createFolderSink(folder);
  const { createKubernetesSink, loadKubeConfig } = await import('./kubernetes-sink.ts');
  return createKubernetesSink(loadKubeConfig(env)!);
}

import { ApiException, CoreV1Api, KubeConfig, PatchStrategy, setHeaderOptions, type V1Secret } from '@kubernetes/client-node';
import { isReservedSecretKey } from '@portal/contract';
import { plainMap, SecretWriteError, type SecretSink, type SecretWrite } from './secret-sink.ts';

interface Status {
  code?: number;
  reason?: string;
  message?: string;
}

function statusOf(err: ApiException<unknown>): Status {
  const body = err.body;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as Status;
    } catch {
      return { message: body };
    }
  }
  return (body ?? {}) as Status;
}

function toWriteError(err: unknown, action: string, w: SecretWrite): SecretWriteError {
  const target = `${w.namespace}/${w.name}`;
  if (err instanceof ApiException) {
    const s = statusOf(err);
    const reason = s.reason ?? 'Unknown';
    return new SecretWriteError(
      `Kubernetes answered ${err.code} ${reason} when ${action} Secret ${target}: ${s.message ?? 'no message'}`,
      err.code,
      reason,
    );
  }
  return new SecretWriteError(`Kubernetes could not be reached when ${action} Secret ${target}: ${networkReason(err)}`);
}

/**
 * The client's fetch rejects with a bare "fetch failed" and keeps what went wrong (refused, DNS,
 * TLS) in its cause; some causes, such as an AggregateError, carry only a code.
 */
function networkReason(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e instanceof Error && parts.length < 4; e = e.cause) {
    const text = e.message || (e as NodeJS.ErrnoException).code;
    if (text) parts.push(text);
  }
  return parts.length > 0 ? parts.join(': ') : String(err);
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** Writes Secrets through the real Kubernetes API with @kubernetes/client-node. */
export function createKubernetesSink(kc: KubeConfig): SecretSink {
  const api = kc.makeApiClient(CoreV1Api);
  const server = kc.getCurrentCluster()?.server ?? 'unknown server';

  const dataOf = (w: SecretWrite) => {
    const data = plainMap();
    data[w.key] = b64(w.value);
    return data;
  };

  async function patch(w: SecretWrite): Promise<void> {
    const body = { metadata: { labels: plainMap(w.labels), annotations: plainMap(w.annotations) }, data: dataOf(w) };
    await api.patchNamespacedSecret(
      { name: w.name, namespace: w.namespace, body },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
  }

  return {
    description: `Kubernetes API at ${server}`,
    async write(w) {
      // The client copies a new Secret's data into a plain object, where such a key would vanish
      // and the write would still succeed: refused before anything is sent.
      if (isReservedSecretKey(w.key)) {
        throw new SecretWriteError(`K8s secret key "${w.key}" is reserved and cannot be written to Secret ${w.namespace}/${w.name}`);
      }
      let exists = true;
      try {
        await api.readNamespacedSecret({ name: w.name, namespace: w.namespace });
      } catch (err) {
        if (err instanceof ApiException && err.code === 404) exists = false;
        else throw toWriteError(err, 'reading', w);
      }
      if (exists) {
        await patch(w).catch((err: unknown) => {
          throw toWriteError(err, 'patching', w);
        });
        return;
      }
      const secret: V1Secret = {
        apiVersion: 'v1',
        kind: 'Secret',
        type: 'Opaque',
        metadata: { name: w.name, namespace: w.namespace, labels: plainMap(w.labels), annotations: plainMap(w.annotations) },
        data: dataOf(w),
      };
      try {
        await api.createNamespacedSecret({ namespace: w.namespace, body: secret });
      } catch (err) {
        // Someone created it between our read and create: patch our key into theirs.
        if (err instanceof ApiException && err.code === 409) {
          await patch(w).catch((e: unknown) => {
            throw toWriteError(e, 'patching', w);
          });
          return;
        }
        throw toWriteError(err, 'creating', w);
      }
    },
  };
}

/** In-cluster config, else KUBECONFIG; null when neither is there. */
export function loadKubeConfig(env: NodeJS.ProcessEnv = process.env): KubeConfig | null {
  const kc = new KubeConfig();
  if (env.KUBERNETES_SERVICE_HOST) {
    kc.loadFromCluster();
    return kc;
  }
  if (env.KUBECONFIG) {
    kc.loadFromFile(env.KUBECONFIG);
    return kc;
  }
  return null;
}

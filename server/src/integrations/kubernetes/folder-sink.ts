import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { plainMap, type SecretSink } from './secret-sink.ts';

interface StoredSecret {
  metadata: { name: string; namespace: string; labels: Record<string, string>; annotations: Record<string, string> };
  data: Record<string, string>;
}

/**
 * Without a cluster, each Secret is a JSON file `<dir>/<namespace>/<name>.json` shaped like a
 * Secret (data base64-encoded), written atomically; only the configured key is replaced.
 */
export function createFolderSink(dir: string): SecretSink {
  const root = path.resolve(dir);
  return {
    description: `local folder ${root} (no KUBECONFIG or in-cluster config)`,
    async write(w) {
      const file = path.join(root, w.namespace, `${w.name}.json`);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      let current: StoredSecret = { metadata: { name: w.name, namespace: w.namespace, labels: {}, annotations: {} }, data: {} };
      try {
        current = JSON.parse(await readFile(file, 'utf8')) as StoredSecret;
      } catch {
        // a new Secret
      }
      current.metadata.labels = plainMap(current.metadata.labels, w.labels);
      current.metadata.annotations = plainMap(current.metadata.annotations, w.annotations);
      current.data = plainMap(current.data);
      current.data[w.key] = Buffer.from(w.value, 'utf8').toString('base64');
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify(current, null, 2), { mode: 0o600 });
      await rename(tmp, file);
    },
  };
}

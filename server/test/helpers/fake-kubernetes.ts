import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface Secret {
  apiVersion: 'v1';
  kind: 'Secret';
  type: string;
  metadata: {
    name: string;
    namespace: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    resourceVersion: string;
  };
  data: Record<string, string>;
}

export interface Failure {
  method?: string;
  status: number;
  reason: string;
  message: string;
  /** How many requests fail before the server heals; unset = until clear() is called. */
  times?: number;
}

/**
 * A Kubernetes API server that speaks the Secrets part of the REST API (read, create, merge
 * patch, replace) with real Status objects for 404, 409 and 403, and can be told to fail.
 */
export class FakeKubernetes {
  readonly secrets = new Map<string, Secret>();
  readonly requests: { method: string; url: string; contentType?: string }[] = [];
  private failure: Failure | null = null;
  private version = 1;
  private app: FastifyInstance;
  url = '';

  constructor() {
    this.app = Fastify();
    this.app.addContentTypeParser(
      ['application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/json-patch+json'],
      { parseAs: 'string' },
      (_req, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch (err) {
          done(err as Error);
        }
      },
    );
    // Control for tests in other processes (the browser tests): make the next writes fail, or heal.
    this.app.post<{ Body: Failure }>('/_fake/fail', async (req, reply) => {
      this.fail(req.body);
      return reply.code(204).send();
    });
    this.app.post('/_fake/clear', async (_req, reply) => {
      this.clear();
      return reply.code(204).send();
    });
    this.app.get<{ Params: { ns: string; name: string } }>('/_fake/secrets/:ns/:name', async (req, reply) => {
      const s = this.secrets.get(`${req.params.ns}/${req.params.name}`);
      return s ?? reply.code(404).send({});
    });
    this.app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/_fake/')) return;
      this.requests.push({ method: request.method, url: request.url, contentType: request.headers['content-type'] });
      const f = this.failure;
      if (f && (!f.method || f.method === request.method)) {
        if (f.times !== undefined && --f.times <= 0) this.failure = null;
        return this.status(reply, f.status, f.reason, f.message);
      }
    });
    const key = (ns: string, name: string) => `${ns}/${name}`;
    type P = { ns: string; name: string };
    this.app.get<{ Params: P }>('/api/v1/namespaces/:ns/secrets/:name', async (req, reply) => {
      const s = this.secrets.get(key(req.params.ns, req.params.name));
      return s ?? this.status(reply, 404, 'NotFound', `secrets "${req.params.name}" not found`, req.params.name);
    });
    this.app.post<{ Params: { ns: string }; Body: Secret }>('/api/v1/namespaces/:ns/secrets', async (req, reply) => {
      const name = req.body.metadata.name;
      if (this.secrets.has(key(req.params.ns, name)))
        return this.status(reply, 409, 'AlreadyExists', `secrets "${name}" already exists`, name);
      const s: Secret = {
        ...req.body,
        metadata: { ...req.body.metadata, namespace: req.params.ns, resourceVersion: String(this.version++) },
      };
      this.secrets.set(key(req.params.ns, name), s);
      return reply.code(201).send(s);
    });
    this.app.patch<{ Params: P; Body: Partial<Secret> }>('/api/v1/namespaces/:ns/secrets/:name', async (req, reply) => {
      const s = this.secrets.get(key(req.params.ns, req.params.name));
      if (!s) return this.status(reply, 404, 'NotFound', `secrets "${req.params.name}" not found`, req.params.name);
      const patch = req.body;
      s.data = { ...s.data, ...patch.data };
      s.metadata.labels = { ...s.metadata.labels, ...patch.metadata?.labels };
      s.metadata.annotations = { ...s.metadata.annotations, ...patch.metadata?.annotations };
      s.metadata.resourceVersion = String(this.version++);
      return s;
    });
    this.app.put<{ Params: P; Body: Secret }>('/api/v1/namespaces/:ns/secrets/:name', async (req, reply) => {
      if (!this.secrets.has(key(req.params.ns, req.params.name)))
        return this.status(reply, 404, 'NotFound', `secrets "${req.params.name}" not found`, req.params.name);
      const s = { ...req.body, metadata: { ...req.body.metadata, resourceVersion: String(this.version++) } };
      this.secrets.set(key(req.params.ns, req.params.name), s);
      return s;
    });
  }

  private status(reply: FastifyReply, code: number, reason: string, message: string, name?: string) {
    return reply.code(code).send({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message,
      reason,
      details: name ? { name, kind: 'secrets' } : {},
      code,
    });
  }

  async start(port = 0): Promise<this> {
    this.url = await this.app.listen({ port, host: '127.0.0.1' });
    return this;
  }

  stop(): Promise<void> {
    return this.app.close();
  }

  fail(f: Failure): void {
    this.failure = { ...f };
  }

  clear(): void {
    this.failure = null;
  }

  /** A secret's value as the cluster would hand it to a pod. */
  value(namespace: string, name: string, k: string): string | undefined {
    const data = this.secrets.get(`${namespace}/${name}`)?.data[k];
    return data === undefined ? undefined : Buffer.from(data, 'base64').toString('utf8');
  }

  /** A kubeconfig file pointing at this server over plain HTTP. */
  kubeconfig(): { yaml: string; file: string } {
    const yaml = `apiVersion: v1
kind: Config
clusters:
- name: fake
  cluster:
    server: ${this.url}
    insecure-skip-tls-verify: true
users:
- name: tester
  user:
    token: fake-token
contexts:
- name: fake
  context:
    cluster: fake
    user: tester
    namespace: default
current-context: fake
`;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kubeconfig-')), 'config');
    writeFileSync(file, yaml);
    return { yaml, file };
  }
}

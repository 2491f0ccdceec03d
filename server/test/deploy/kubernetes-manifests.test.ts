import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as models from 'kubernetes-models';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse } from 'yaml';
import { JOBS_STOP_MS } from '../../src/jobs/system.ts';
import { DRAIN_DEADLINE_MS } from '../../src/lib/drain-on-close.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy/kubernetes');
const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as {
  resources: string[];
  images: { name: string; newName: string; newTag: string }[];
};

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
}

const manifests: Manifest[] = kustomization.resources.flatMap((file) =>
  parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map((doc) => doc.toJS() as Manifest),
);

/** The model class of a manifest, by apiVersion and kind: `apps/v1` → models.apps.v1. */
function modelOf(m: Manifest): new (data: object) => { validate(): void } {
  const [group, version] = m.apiVersion.includes('/') ? m.apiVersion.split('/') : ['', m.apiVersion];
  const groupKey = group ? group.replace(/\.([a-z])/g, (_, c: string) => c.toUpperCase()) : version!;
  const groupModels = (models as unknown as Record<string, Record<string, Record<string, unknown>>>)[groupKey];
  const model = (group ? groupModels?.[version!]?.[m.kind] : groupModels?.[m.kind]) as
    (new (data: object) => { validate(): void }) | undefined;
  if (!model) throw new Error(`no schema for ${m.apiVersion} ${m.kind}`);
  return model;
}

interface Container {
  name: string;
  image: string;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  startupProbe?: { httpGet?: { port: string } };
  readinessProbe?: { httpGet?: { port: string } };
  livenessProbe?: { httpGet?: { port: string } };
  securityContext?: Record<string, unknown>;
  volumeMounts?: { mountPath: string }[];
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
}
interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: { securityContext?: Record<string, unknown>; terminationGracePeriodSeconds?: number; containers: Container[] };
}
const deployments = manifests.filter((m) => m.kind === 'Deployment') as (Manifest & {
  spec: { selector: { matchLabels: Record<string, string> }; strategy?: unknown; template: PodTemplate };
})[];
const containers = deployments.flatMap((d) => d.spec.template.spec.containers.map((c) => ({ deployment: d.metadata.name, ...c })));

describe('deploy/kubernetes', () => {
  it('is read through its kustomization, with a web and a worker deployment', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(['swc-portal-web', 'swc-portal-worker']);
  });

  it.each(manifests.map((m) => [`${m.kind} ${m.metadata.name}`, m] as const))(
    '%s is valid against the Kubernetes API schema',
    (_name, m) => {
      const Model = modelOf(m);
      expect(() => new Model(m).validate()).not.toThrow();
    },
  );

  it('names the image in one place: the kustomization sets its name and tag, the manifests only refer to it', () => {
    expect(kustomization.images).toHaveLength(1);
    const [image] = kustomization.images;
    expect(image!.newTag).toMatch(/^\d+\.\d+\.\d+$/);
    for (const c of containers) expect(c.image, c.deployment).toBe(image!.name);
  });

  it.each(containers.map((c) => [c.deployment, c] as const))('%s: requests and limits, three probes on the management port', (_name, c) => {
    expect(c.resources?.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(c.resources?.limits).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    for (const probe of [c.startupProbe, c.readinessProbe, c.livenessProbe]) expect(probe?.httpGet?.port).toBe('management');
  });

  it.each(deployments.map((d) => [d.metadata.name, d] as const))(
    '%s: non-root, no privilege escalation, read-only root, no capabilities',
    (_name, d) => {
      expect(d.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      for (const c of d.spec.template.spec.containers) {
        expect(c.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        // The image's DATA_DIR: the one path the process writes, so it needs a volume of its own.
        expect(c.volumeMounts?.map((v) => v.mountPath)).toContain('/data');
      }
    },
  );

  it('keeps a web replica through voluntary disruptions, and rolls both deployments out without a gap', () => {
    const web = deployments.find((d) => d.metadata.name === 'swc-portal-web')!;
    const budget = manifests.find((m) => m.kind === 'PodDisruptionBudget') as Manifest & {
      spec: { minAvailable: number; selector: { matchLabels: Record<string, string> } };
    };
    expect(budget.spec.selector.matchLabels).toEqual(web.spec.selector.matchLabels);
    expect(budget.spec.minAvailable).toBeGreaterThanOrEqual(1);
    for (const d of deployments) {
      expect(d.spec.strategy, d.metadata.name).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } });
    }
  });

  it('lets a web pod take requests for a moment after it is told to stop, and gives every pod the time its stop may take', () => {
    const pauseOf = (c: Container) => {
      const [command, seconds] = c.lifecycle?.preStop?.exec?.command ?? [];
      return command === 'sleep' ? Number(seconds) : 0;
    };
    const [web] = deployments.find((d) => d.metadata.name === 'swc-portal-web')!.spec.template.spec.containers;
    expect(pauseOf(web!)).toBeGreaterThanOrEqual(3);
    for (const d of deployments) {
      const { containers, terminationGracePeriodSeconds = 30 } = d.spec.template.spec;
      // A web replica runs no jobs, but one bound for both keeps the sum honest if the modes change.
      const stop = Math.max(...containers.map(pauseOf)) + (DRAIN_DEADLINE_MS + JOBS_STOP_MS) / 1000;
      expect(terminationGracePeriodSeconds, d.metadata.name).toBeGreaterThan(stop);
    }
  });
});

import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFolderSink } from '../../src/integrations/kubernetes/folder-sink.ts';

const write = (value: string, key = 'token') => ({
  namespace: 'billing',
  name: 'billing-jwt',
  key,
  value,
  labels: { a: '1' },
  annotations: { at: value },
});

describe('the local folder standing in for Kubernetes', () => {
  it('writes a Secret-shaped file, replaces only its key, and keeps it private', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sink-'));
    const sink = createFolderSink(dir);
    expect(sink.description).toContain(dir);
    await sink.write(write('first'));
    await sink.write(write('other-value', 'other'));
    await sink.write(write('second'));
    const file = path.join(dir, 'billing', 'billing-jwt.json');
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(Buffer.from(stored.data.token, 'base64').toString()).toBe('second');
    expect(Buffer.from(stored.data.other, 'base64').toString()).toBe('other-value');
    expect(stored.metadata).toMatchObject({ name: 'billing-jwt', namespace: 'billing', labels: { a: '1' }, annotations: { at: 'second' } });
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});

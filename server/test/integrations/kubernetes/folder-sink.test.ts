import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFolderSink } from '../../../src/integrations/kubernetes/folder-sink.ts';

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

  it('keeps keys that name JavaScript object machinery as ordinary entries', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sink-'));
    const sink = createFolderSink(dir);
    for (const key of ['__proto__', 'constructor', 'prototype', 'token']) await sink.write(write(`value of ${key}`, key));
    const stored = JSON.parse(readFileSync(path.join(dir, 'billing', 'billing-jwt.json'), 'utf8'));
    const data = Object.entries(stored.data as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]);
    expect(data).toEqual([
      ['__proto__', 'value of __proto__'],
      ['constructor', 'value of constructor'],
      ['prototype', 'value of prototype'],
      ['token', 'value of token'],
    ]);
  });
});

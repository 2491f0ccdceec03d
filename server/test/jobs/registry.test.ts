import { describe, expect, it } from 'vitest';
import { JOBS } from '../../src/jobs/registry.ts';

describe('the job registry', () => {
  it('names each queue once', () => {
    const names = JOBS.map((job) => job.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('has every job either scheduled or sent by a service, so that it ever runs', () => {
    expect(JOBS.filter((job) => job.schedule === undefined && !job.handedOver).map((job) => job.name)).toEqual([]);
  });
});

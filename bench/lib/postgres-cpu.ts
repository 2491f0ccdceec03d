// CPU time all PostgreSQL server processes on this machine have used so far (backends, the
// writer, the WAL writer…), from /proc: with the two servers of a comparison on one PostgreSQL,
// what it spends while one of them is driven is that one's share.
import { readdirSync, readFileSync } from 'node:fs';
import { cpuSeconds } from './cpu-time.ts';

export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += cpuSeconds(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

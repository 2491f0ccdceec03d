// CPU time all PostgreSQL server processes on this machine have used so far (backends, the
// writer, the WAL writer, autovacuum…), from /proc: with the two servers of a comparison on one PostgreSQL,
// what it spends while one of them is driven is that one's share. A process that has ended (a backend
// whose connection closed, an autovacuum worker) counts through its postmaster, which reaped it: its
// children's CPU, so a closed connection does not take its work out of the total.
import { readdirSync, readFileSync } from 'node:fs';
import { processTimes } from './cpu-time.ts';

export function postgresCpuSeconds(): number {
  const pids = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.add(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  let total = 0;
  for (const pid of pids) {
    try {
      const times = processTimes(pid);
      // A postmaster is the postgres process whose parent is not one.
      total += times.seconds + (pids.has(times.parent) ? 0 : times.reapedSeconds);
    } catch {
      // Ended since it was listed: its CPU is in its postmaster's reaped children now.
    }
  }
  return total;
}

// CPU time all PostgreSQL server processes on this machine have used so far (backends, the
// writer, the WAL writer, autovacuum…), from /proc: with the two servers of a comparison on one PostgreSQL,
// what it spends while one of them is driven is that one's share. A process that has ended (a backend
// whose connection closed, an autovacuum worker) counts through its postmaster, which reaped it: its
// children's CPU, so a closed connection does not take its work out of the total.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      // After the command name: the parent's pid is the 4th field, utime and stime the 14th and 15th,
      // the CPU of its reaped children (cutime, cstime) the 16th and 17th.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      if (!isPostgres(Number(fields[1]))) ticks += Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** The postmaster is the postgres process whose parent is not one. */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}

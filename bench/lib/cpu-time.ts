// CPU time a process has used so far (user + system, all its threads), from /proc: unlike
// requests per second, CPU time per request barely moves when other work shares the machine.
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export function cpuSeconds(pid: number): number {
  // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

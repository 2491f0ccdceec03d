// CPU time a process has used so far (user + system, all its threads), from /proc: unlike
// requests per second, CPU time per request barely moves when other work shares the machine.
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** A process's parent, its own CPU seconds, and those of its children it has reaped (waited for). */
export function processTimes(pid: number): { parent: number; seconds: number; reapedSeconds: number } {
  // Fields after the command name (which may contain spaces): the parent's pid is the 2nd, utime and
  // stime the 12th and 13th, the reaped children's cutime and cstime the 14th and 15th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return {
    parent: Number(fields[1]),
    seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    reapedSeconds: (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND,
  };
}

/** Busy CPU seconds of the whole machine so far, every process included (user, nice, system, irq, softirq). */
export function machineBusySeconds(): number {
  const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq!) / TICKS_PER_SECOND;
}

export function cpuSeconds(pid: number): number {
  return processTimes(pid).seconds;
}

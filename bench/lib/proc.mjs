// What /proc says about a process or the machine: CPU time, resident memory, the machine's description.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

/** Clock ticks per second of utime/stime in /proc/<pid>/stat (`getconf CLK_TCK`, nearly always 100). */
export const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time a process has used so far (user + system), in microseconds; null once it is gone.
 * @param {number} pid
 * @returns {number | null}
 */
export function cpuMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks / CLK_TCK) * 1e6;
  } catch {
    return null;
  }
}

/**
 * Resident memory of a process (VmRSS), in bytes; null once it is gone.
 * @param {number} pid
 */
export function rssBytes(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The machine's CPU time so far, from /proc/stat: busy and total, in ticks over every core. */
export function machineTicks() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already in user)
  const idle = v[3] + v[4];
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * Starts measuring the CPU of some processes and of the whole machine; `stop()` returns what each used meanwhile.
 * @param {Record<string, number | undefined>} pids name → pid (this process may be given as process.pid)
 */
export function cpuMeter(pids) {
  const started = performance.now();
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, pid ? cpuMicros(pid) : null]));
  const machine = machineTicks();
  return {
    /** @returns {{ seconds: number, micros: Record<string, number | null>, coresBusy: Record<string, number | null>, machineBusyPct: number, otherCores: number }} */
    /** @param {Record<string, number | undefined>} [bornSince] processes started since the meter was: counted whole */
    stop(bornSince = {}) {
      const seconds = (performance.now() - started) / 1000;
      const after = machineTicks();
      /** @type {Record<string, number | null>} */
      const micros = {};
      /** @type {Record<string, number | null>} */
      const coresBusy = {};
      for (const [name, pid] of Object.entries({ ...bornSince, ...pids })) {
        const now = pid ? cpuMicros(pid) : null;
        const was = name in before ? before[name] : 0;
        micros[name] = now != null && was != null ? now - was : null;
        coresBusy[name] = micros[name] != null ? round(micros[name] / 1e6 / seconds, 2) : null;
      }
      const busyShare = (after.busy - machine.busy) / Math.max(1, after.total - machine.total);
      const machineBusyPct = round(busyShare * 100, 1);
      // What else kept the machine busy: its busy cores less those of the processes measured here.
      const measured = Object.values(coresBusy).reduce((/** @type {number} */ n, v) => n + (v ?? 0), 0);
      const otherCores = round(Math.max(0, busyShare * cpus().length - measured), 2);
      return { seconds, micros, coresBusy, machineBusyPct, otherCores };
    },
  };
}

/** Samples a process's RSS every `everyMs` until stopped; returns the highest seen. */
export function rssSampler(pid, everyMs = 200) {
  let max = rssBytes(pid) ?? 0;
  const timer = setInterval(() => {
    const v = rssBytes(pid);
    if (v != null && v > max) max = v;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const v = rssBytes(pid);
      if (v != null && v > max) max = v;
      return max;
    },
  };
}

/** The machine the figures come from. */
export function machineInfo(root) {
  const cpuList = cpus();
  let commit = null;
  let dirty = false;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim() !== '';
  } catch {
    // Not a git checkout.
  }
  return {
    cpuModel: cpuList[0]?.model ?? 'unknown',
    cores: cpuList.length,
    ramGiB: round(totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
    commit,
    dirty,
    clockTicksPerSecond: CLK_TCK,
  };
}

/**
 * @param {number} value
 * @param {number} [digits]
 */
export function round(value, digits = 0) {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** This process's open-files limit (`ulimit -n`, inherited by the processes it starts); null when unknown. */
export function openFilesLimit() {
  try {
    const m = /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

// How scripts/test.mjs measures a step: its CPU time and the machine's load while it runs (docs/testing.md).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";

/**
 * Each step's CPU time (user + system), a figure the machine's other load barely moves, unlike wall time, and one
 * that stays the step's own when two steps run side by side. Best: a kernel CPU-accounting group of its own for
 * the step (cgroup v2, or v1's cpuacct; root only), which counts every process the step starts, the orphaned and
 * detached ones too (Chromium's, which Playwright does not wait for; the embedded PostgreSQL). Else GNU time
 * (/usr/bin/time): the step and the children it waited for. Else none.
 */
const CGROUP_ROOTS = [
  ["/sys/fs/cgroup", (dir) => Number(/usage_usec (\d+)/.exec(readFileSync(`${dir}/cpu.stat`, "utf8"))[1]) / 1e6],
  ["/sys/fs/cgroup/cpuacct", (dir) => Number(readFileSync(`${dir}/cpuacct.usage`, "utf8")) / 1e9],
];
export function cpuGroup(name) {
  for (const [root, usage] of CGROUP_ROOTS) {
    const dir = `${root}/harbour-test-${process.pid}-${name}`;
    try {
      if (!existsSync(`${root}/cgroup.procs`)) continue;
      mkdirSync(dir);
      usage(dir);
      // A process may join it (not always so, in a container's delegated hierarchy): else the next, or none.
      if (spawnSync("/bin/sh", ["-c", 'echo $$ > "$0/cgroup.procs"', dir]).status !== 0) throw new Error("cannot join");
      return {
        dir,
        usage: () => usage(dir),
        // What still runs (a detached PostgreSQL kept for the next run) goes back to the root group, so this one can go.
        remove() {
          try {
            for (const pid of readFileSync(`${dir}/cgroup.procs`, "utf8").split("\n").filter(Boolean)) writeFileSync(`${root}/cgroup.procs`, pid);
            rmdirSync(dir);
          } catch {
            // A process that would not move: the empty group stays, harmless.
          }
        },
      };
    } catch {
      // Not root, or no such hierarchy here: the next, or none.
      try {
        if (existsSync(dir)) rmdirSync(dir);
      } catch {
        // Left behind empty: harmless.
      }
    }
  }
  return null;
}
export const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
/** The machine's load average over a minute, sampled every 5 s during a layer: its mean says how shared the cores were. */
export function loadSampler() {
  const samples = [];
  const sample = () => samples.push(Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]));
  sample();
  const timer = setInterval(sample, 5000);
  return () => {
    clearInterval(timer);
    sample();
    return samples.reduce((a, b) => a + b, 0) / samples.length;
  };
}

/**
 * The whole machine's CPU over a span, from /proc/stat: the share of the cores' time left idle and spent waiting
 * for the disk. A layer's own CPU leaves out what it does not start (the external PostgreSQL, a detached embedded
 * one); this says whether the machine had room for more beside it. Null off Linux.
 */
export function machineCpuSampler() {
  const read = () => {
    try {
      const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
      const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
      return { idle, iowait, total: user + nice + system + idle + iowait + irq + softirq + steal };
    } catch {
      return null;
    }
  };
  const start = read();
  return () => {
    const end = read();
    if (!start || !end || end.total === start.total) return null;
    const span = end.total - start.total;
    return { idle: (end.idle - start.idle) / span, iowait: (end.iowait - start.iowait) / span };
  };
}

import { readFile } from "node:fs/promises";

/** Clock ticks a second in /proc on Linux. */
const TICKS = 100;

/** CPU seconds (user and system) a process has used so far, from /proc; null where there is none. */
export async function cpuSeconds(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
    // utime and stime, fields 14 and 15 of the line, in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}

/** CPU seconds every core of the machine has spent busy so far (all but idle and I/O wait), from /proc/stat. */
export async function machineBusySeconds(): Promise<number> {
  const line = (await readFile("/proc/stat", "utf8")).split("\n")[0];
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS;
}

/**
 * Where a load's CPU went, per request: the machine as a whole, the app's process, the load
 * generator (this process), and the rest (the database's backends, the kernel's network stack).
 */
export async function cpuSplit<T>(
  appPid: number | undefined,
  run: () => Promise<T>,
  requestsOf: (result: T) => number,
): Promise<{ result: T; machineMs: number; appMs: number; loadMs: number; restMs: number }> {
  const [machine0, app0] = [await machineBusySeconds(), await cpuSeconds(appPid)];
  const load0 = process.cpuUsage();
  const result = await run();
  const load = process.cpuUsage(load0);
  const [machine1, app1] = [await machineBusySeconds(), await cpuSeconds(appPid)];
  const n = Math.max(1, requestsOf(result));
  const perRequest = (seconds: number) => Math.round(((seconds * 1000) / n) * 100) / 100;
  const machineMs = perRequest(machine1 - machine0);
  const appMs = perRequest((app1 ?? 0) - (app0 ?? 0));
  const loadMs = perRequest((load.user + load.system) / 1e6);
  return { result, machineMs, appMs, loadMs, restMs: Math.round((machineMs - appMs - loadMs) * 100) / 100 };
}

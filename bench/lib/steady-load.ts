import http from "node:http";

export interface SteadyLoadResult {
  /** Requests sent while measuring (the warm-up not counted). */
  sent: number;
  /** Answers while measuring, per second from the first measured send to the last answer. */
  reqPerSec: number;
  /** Answers by status class: "2xx", "3xx"… */
  byStatus: Record<string, number>;
  errors: number;
  /** From writing the request to the end of the answer, in milliseconds. */
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** How late the generator sent its requests against their schedule (its own share of the noise). */
  sendLagP99Ms: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/**
 * GETs `url` at a constant rate, one request every 1/rate seconds whatever the answers take (an
 * open loop, as visitors arrive), over keep-alive connections opened as needed. autocannon's
 * `overallRate` sends each connection's share of a second back to back at the start of the second
 * and corrects its latencies for a 1 ms interval, so a fixed rate there is bursts of ten
 * concurrent requests with the slow ones counted many times over. The first `warmUpSeconds` run
 * at the same rate but are not measured. Percentiles are exact, from every sample.
 */
export async function steadyLoad(options: {
  url: string;
  rate: number;
  seconds: number;
  warmUpSeconds?: number;
}): Promise<SteadyLoadResult> {
  const { rate, seconds } = options;
  const warmUp = options.warmUpSeconds ?? 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const intervalMs = 1000 / rate;
  const total = Math.round((warmUp + seconds) * rate);
  const measuredFrom = Math.round(warmUp * rate);
  const latencies: number[] = [];
  const lags: number[] = [];
  const byStatus: Record<string, number> = {};
  let errors = 0;
  let lastAnswerAt = 0;

  const send = (index: number, dueAt: number) =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      const measured = index >= measuredFrom;
      if (measured) lags.push(start - dueAt);
      const req = http.get(options.url, { agent }, (res) => {
        res.resume();
        res.on("end", () => {
          if (measured) {
            lastAnswerAt = performance.now();
            latencies.push(lastAnswerAt - start);
            const status = `${Math.floor((res.statusCode ?? 0) / 100)}xx`;
            byStatus[status] = (byStatus[status] ?? 0) + 1;
          }
          resolve();
        });
      });
      req.on("error", () => {
        if (measured) errors++;
        resolve();
      });
    });

  const pending: Promise<void>[] = [];
  const startedAt = performance.now();
  let next = 0;
  while (next < total) {
    const now = performance.now();
    // A late timer sends what fell due meanwhile, so the rate holds over the run.
    while (next < total && startedAt + next * intervalMs <= now) {
      pending.push(send(next, startedAt + next * intervalMs));
      next++;
    }
    const wait = startedAt + next * intervalMs - performance.now();
    if (next < total && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await Promise.all(pending);
  agent.destroy();

  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  const sent = total - measuredFrom;
  return {
    sent,
    reqPerSec: round((latencies.length / (lastAnswerAt - (startedAt + measuredFrom * intervalMs))) * 1000),
    byStatus,
    errors,
    p50Ms: round(percentile(latencies, 0.5)),
    p95Ms: round(percentile(latencies, 0.95)),
    p99Ms: round(percentile(latencies, 0.99)),
    maxMs: round(latencies.at(-1) ?? Number.NaN),
    sendLagP99Ms: round(percentile(lags, 0.99)),
  };
}

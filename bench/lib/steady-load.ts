import * as loadtest from "loadtest";

export interface SteadyLoadResult {
  /** Requests sent while measuring (the warm-up not counted); each was answered before the run ended. */
  sent: number;
  /** Requests sent during the warm-up. */
  warmUpSent: number;
  /** Answers per second while measuring. */
  reqPerSec: number;
  /** Answers by status class while measuring: "2xx", "3xx"… */
  byStatus: Record<string, number>;
  errors: number;
  /** From sending the request to the end of the answer, in whole milliseconds. */
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** What loadtest's promise API answers (its bundled types describe only the callback API). */
interface LoadTestResult {
  totalRequests: number;
  totalErrors: number;
  effectiveRps: number;
  maxLatencyMs: number;
  percentiles: Record<number, number>;
}
type LoadTest = (options: {
  url: string;
  maxRequests: number;
  requestsPerSecond: number;
  agentKeepAlive: boolean;
  quiet: boolean;
  statusCallback(error: unknown, result: { statusCode?: number } | undefined): void;
}) => Promise<LoadTestResult>;
const loadTest = loadtest.loadTest as unknown as LoadTest;

/**
 * GETs `url` at a constant rate with loadtest's `requestsPerSecond`: one request every 1/rate
 * seconds whatever the answers take (an open loop, as visitors arrive), each on a free keep-alive
 * client, one more opened when none is free. autocannon's `overallRate` sends each connection's
 * share of a second back to back, bursts that a steady 200 visitors a second never make. The
 * first `warmUpSeconds` run at the same rate and are not measured. A run ends when its last
 * request is answered, so `sent` requests all reached the server.
 */
export async function steadyLoad(options: {
  url: string;
  rate: number;
  seconds: number;
  warmUpSeconds?: number;
}): Promise<SteadyLoadResult> {
  const run = async (seconds: number) => {
    const byStatus: Record<string, number> = {};
    const result = await loadTest({
      url: options.url,
      maxRequests: Math.round(seconds * options.rate),
      requestsPerSecond: options.rate,
      agentKeepAlive: true,
      quiet: true,
      statusCallback(_error, answer) {
        const status = answer?.statusCode ? `${Math.floor(answer.statusCode / 100)}xx` : "none";
        byStatus[status] = (byStatus[status] ?? 0) + 1;
      },
    });
    return { result, byStatus };
  };
  const warmUp = options.warmUpSeconds ? (await run(options.warmUpSeconds)).result.totalRequests : 0;
  const { result, byStatus } = await run(options.seconds);
  return {
    sent: result.totalRequests,
    warmUpSent: warmUp,
    reqPerSec: result.effectiveRps,
    byStatus,
    errors: result.totalErrors,
    p50Ms: result.percentiles[50],
    p95Ms: result.percentiles[95],
    p99Ms: result.percentiles[99],
    maxMs: result.maxLatencyMs,
  };
}

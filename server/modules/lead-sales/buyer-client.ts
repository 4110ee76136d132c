import CircuitBreaker from "opossum";
import {
  LEAD_IDEMPOTENCY_HEADER,
  LEAD_SIGNATURE_HEADER,
  ZPingAnswer,
  ZPostAnswer,
} from "../../../shared/api/lead-sales";
import type { SaleBuyer } from "./buyer-store";
import { signBody } from "./signature";

/** What one call to a buyer came to, as the buyer's log keeps it. */
export interface CallResult {
  outcome: "bid" | "no_bid" | "accepted" | "rejected" | "timeout" | "error" | "skipped";
  bid?: string;
  buyerLeadId?: string;
  detail?: string;
  durationMs: number;
}

/** A buyer answered outside the protocol (an HTTP error, an unreadable body): counts against its circuit. */
class BuyerFault extends Error {}

/** Calls in a row' failure share past which a buyer's circuit opens, and how long it stays open. */
const BREAKER = {
  errorThresholdPercentage: 50,
  volumeThreshold: 4,
  resetTimeout: 30_000,
  rollingCountTimeout: 60_000,
};

/**
 * One circuit per buyer (docs/money.md#lead-sales): a buyer that keeps failing or timing out is
 * skipped for 30 seconds, then tried with one call, instead of slowing every auction. Kept per app
 * instance: each instance learns a buyer is down from its own calls.
 */
export class BuyerCircuits {
  private readonly circuits = new Map<string, CircuitBreaker<[() => Promise<unknown>], unknown>>();

  private circuit(buyerId: string) {
    let circuit = this.circuits.get(buyerId);
    if (!circuit) {
      circuit = new CircuitBreaker((call: () => Promise<unknown>) => call(), { ...BREAKER, timeout: false });
      this.circuits.set(buyerId, circuit);
    }
    return circuit;
  }

  isOpen(buyerId: string): boolean {
    return this.circuits.get(buyerId)?.opened ?? false;
  }

  fire<T>(buyerId: string, call: () => Promise<T>): Promise<T> {
    return this.circuit(buyerId).fire(call) as Promise<T>;
  }

  shutdown(): void {
    for (const circuit of this.circuits.values()) circuit.shutdown();
    this.circuits.clear();
  }
}

async function signedPost(url: string, body: string, secret: string, timeoutMs: number, headers = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [LEAD_SIGNATURE_HEADER]: signBody(body, secret),
      ...headers,
    },
    body,
    signal: AbortSignal.timeout(timeoutMs),
    redirect: "error",
  });
  const text = await res.text();
  if (!res.ok) throw new BuyerFault(`HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ""}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BuyerFault(`Not JSON: ${text.slice(0, 200)}`);
  }
}

function failure(error: unknown, started: number): CallResult {
  const durationMs = Math.round(performance.now() - started);
  const err = error as {
    name?: string;
    code?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  if (err?.code === "EOPENBREAKER")
    return { outcome: "skipped", detail: "Circuit open: failing lately", durationMs };
  if (err?.name === "TimeoutError" || err?.name === "AbortError")
    return { outcome: "timeout", detail: "No answer in time", durationMs };
  const detail = err?.cause?.code ?? err?.cause?.message ?? err?.message ?? String(error);
  return { outcome: "error", detail: String(detail).slice(0, 500), durationMs };
}

/** Asks a buyer for a bid on a lead, without personal data. A fixed-price buyer's interest is its price. */
export async function pingBuyer(
  circuits: BuyerCircuits,
  buyer: SaleBuyer,
  ping: { leadId: string; zipCode: string; state: string; source: string },
  timeoutMs: number,
): Promise<CallResult> {
  const started = performance.now();
  try {
    const answer = await circuits.fire(buyer.id, async () => {
      const parsed = ZPingAnswer.safeParse(
        await signedPost(buyer.pingUrl, JSON.stringify(ping), buyer.secret, timeoutMs),
      );
      if (!parsed.success) throw new BuyerFault(`Bad ping answer: ${parsed.error.issues[0]?.message}`);
      return parsed.data;
    });
    const durationMs = Math.round(performance.now() - started);
    if (answer.bid === null || Number(answer.bid) === 0) return { outcome: "no_bid", durationMs };
    const bid =
      buyer.priceModel === "fixed" && buyer.fixedPrice ? buyer.fixedPrice : Number(answer.bid).toFixed(2);
    return { outcome: "bid", bid, durationMs };
  } catch (error) {
    return failure(error, started);
  }
}

/** Posts the whole lead to a buyer, tried once more on a failure, with one idempotency key for both tries. */
export async function postToBuyer(
  circuits: BuyerCircuits,
  buyer: SaleBuyer,
  post: Record<string, unknown>,
  options: { idempotencyKey: string; timeoutMs: number; attempts?: number },
): Promise<CallResult> {
  const body = JSON.stringify(post);
  let last: CallResult = { outcome: "error", detail: "Not sent", durationMs: 0 };
  for (let attempt = 1; attempt <= (options.attempts ?? 2); attempt++) {
    const started = performance.now();
    try {
      const answer = await circuits.fire(buyer.id, async () => {
        const parsed = ZPostAnswer.safeParse(
          await signedPost(buyer.postUrl, body, buyer.secret, options.timeoutMs, {
            [LEAD_IDEMPOTENCY_HEADER]: options.idempotencyKey,
          }),
        );
        if (!parsed.success) throw new BuyerFault(`Bad post answer: ${parsed.error.issues[0]?.message}`);
        return parsed.data;
      });
      const durationMs = Math.round(performance.now() - started);
      if (answer.accepted) return { outcome: "accepted", buyerLeadId: answer.buyerLeadId, durationMs };
      return { outcome: "rejected", detail: answer.reason?.slice(0, 500) ?? "Rejected", durationMs };
    } catch (error) {
      last = failure(error, started);
      if (last.outcome === "skipped") return last;
      if (attempt > 1) last.detail = `${last.detail} (attempt ${attempt})`;
    }
  }
  return last;
}

import type { Scenario } from "../lib/context";

const RACE_RUNS = 10;
const RACE_CLIENTS = 32;
const RACE_REQUESTS_EACH = 20;
const FUNDED = "1000.00";
const PAYOUT = "75.00";
const PURCHASE_SECONDS = 10;
const PURCHASE_CONNECTIONS = 16;

/** 32 clients, each sending its 20 payout requests one after another, all clients at once. */
async function race(url: string, cookie: string) {
  const latencies: number[] = [];
  let ok = 0;
  const client = async () => {
    for (let i = 0; i < RACE_REQUESTS_EACH; i++) {
      const start = performance.now();
      const res = await fetch(url, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ amount: PAYOUT, paypalEmail: "owner@wallet.example" }),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - start);
      if (res.status === 201) ok += 1;
    }
  };
  await Promise.all(Array.from({ length: RACE_CLIENTS }, client));
  latencies.sort((a, b) => a - b);
  const p99Ms = Math.round(latencies[Math.floor(latencies.length * 0.99)] * 10) / 10;
  return { ok, total: latencies.length, p99Ms };
}

/**
 * Payout race: 32 clients × 20 payout requests at once on a balance that covers 13 of them, ten
 * times over; every run must pay out no more than the balance and leave it non-negative. Then
 * purchase throughput: how fast a purchase path prices a body and saves a pending order.
 */
const scenario: Scenario = {
  name: "payments",
  async run(ctx) {
    const { app, pool, close } = await ctx.appOnFreshDatabase({ env: { LOG_LEVEL: "error" } });
    try {
      let runsWithinBalance = 0;
      let runsExact = 0;
      let racedRequests = 0;
      let worstP99 = 0;
      let minimumBalanceSeen = Number.POSITIVE_INFINITY;
      for (let run = 0; run < RACE_RUNS; run++) {
        const owner = await ctx.signUp(app.baseUrl);
        // Held commission whose hold has ended: the only money a payout may draw on.
        await pool.query(
          `with e as (
             insert into revenue_events (user_id, type, amount, description, source_key, metadata)
             values ($1::uuid, 'affiliate', $2::numeric, 'Bench commission', 'bench-payout:' || $1::text, '{"held": true}')
             returning id, user_id, amount),
           l as (
             insert into ledger_entries (user_id, kind, amount, status, release_at, description, source_key, revenue_event_id)
             select user_id, 'commission', amount, 'available', now(), 'Bench commission', 'held:bench-payout:' || $1::text, id
             from e returning user_id, amount)
           insert into balances (user_id, available) select user_id, amount from l
           on conflict (user_id) do update set available = balances.available + excluded.available`,
          [owner.userId, FUNDED],
        );
        const load = await race(`${app.baseUrl}/api/payments/payout`, owner.cookie);
        const {
          rows: [ledger],
        } = await pool.query<{ paid: string; count: string; available: string; ledger: string }>(
          `select coalesce((select sum(amount) from payouts where user_id = $1 and status <> 'failed'), 0)::text as paid,
                  (select count(*) from payouts where user_id = $1)::text as count,
                  (select available from balances where user_id = $1)::text as available,
                  (select sum(amount) from ledger_entries where user_id = $1)::text as ledger`,
          [owner.userId],
        );
        const paidCents = Math.round(Number(ledger.paid) * 100);
        const fundedCents = Math.round(Number(FUNDED) * 100);
        const availableCents = Math.round(Number(ledger.available) * 100);
        const expectedPayouts = Math.floor(fundedCents / Math.round(Number(PAYOUT) * 100));
        const ledgerCents = Math.round(Number(ledger.ledger) * 100);
        if (
          paidCents <= fundedCents &&
          availableCents >= 0 &&
          paidCents + availableCents === fundedCents &&
          ledgerCents === availableCents
        ) {
          runsWithinBalance += 1;
        }
        if (Number(ledger.count) === expectedPayouts && load.ok === expectedPayouts) runsExact += 1;
        racedRequests += load.total;
        worstP99 = Math.max(worstP99, load.p99Ms);
        minimumBalanceSeen = Math.min(minimumBalanceSeen, Number(ledger.available));
      }

      const buyer = await ctx.signUp(app.baseUrl);
      const {
        rows: [domain],
      } = await pool.query<{ id: string }>(
        `insert into domains (user_id, name) values ($1, 'bench-appraisal.com') returning id`,
        [buyer.userId],
      );
      const purchase = await ctx.load({
        url: `${app.baseUrl}/api/domain-services/appraisal`,
        method: "POST",
        headers: { cookie: buyer.cookie, "content-type": "application/json" },
        body: JSON.stringify({ type: "professional", price: "99.99", domainId: domain.id }),
        connections: PURCHASE_CONNECTIONS,
        durationSeconds: PURCHASE_SECONDS,
      });
      const {
        rows: [orders],
      } = await pool.query<{ count: string }>(
        "select count(*)::text as count from service_orders where user_id = $1 and status = 'pending'",
        [buyer.userId],
      );

      return {
        "payout race runs": RACE_RUNS,
        "payout race clients × requests": `${RACE_CLIENTS} × ${RACE_REQUESTS_EACH}`,
        "payout race balance / payout": `$${FUNDED} / $${PAYOUT}`,
        "payout race requests in all": racedRequests,
        "runs with total paid ≤ balance": `${runsWithinBalance} of ${RACE_RUNS}`,
        "runs with exactly the covered payouts": `${runsExact} of ${RACE_RUNS}`,
        "lowest balance after a run": minimumBalanceSeen,
        "payout race p99 ms (worst run)": worstP99,
        "POST purchase → pending order req/s": purchase.reqPerSec,
        "POST purchase p50 ms": purchase.p50Ms,
        "POST purchase p99 ms": purchase.p99Ms,
        "POST purchase non-2xx": purchase.non2xx,
        "POST purchase 2xx answers": purchase.ok,
        "pending orders saved (answers in flight at the end included)": Number(orders.count),
      };
    } finally {
      await close();
    }
  },
};

export default scenario;

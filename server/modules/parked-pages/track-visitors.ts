import { sql } from "drizzle-orm";
import type { TExperimentGoal } from "../../../shared/api/experiments";
import type { Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { runningLessee } from "./domain-control";

/**
 * One network (a /24 or /48) counts at most this many visitors in one test, and at most this
 * many conversions (docs/security.md#parked-pages): a household or office is a few people, and an
 * attacker's machine is one network however many cookies it drops.
 */
export const NETWORK_VISITORS_PER_TEST = 10;
export const NETWORK_CONVERSIONS_PER_TEST = 1;

/** Serialises what one network adds to one test, so its limits hold under concurrent requests. */
const lockNetwork = (tx: Tx, experimentId: string, network: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`split:${experimentId}:${network}`}, 0))`);

/**
 * Records that a visitor saw a variant (once per test: a visitor's first variant is theirs), from
 * its network (a keyed /24 or /48): past `NETWORK_VISITORS_PER_TEST` visitors of one network in a
 * test, more are shown the page and counted nowhere, so one machine cannot be many people.
 * Answers whether the visitor was counted now.
 */
export async function recordExposure(
  db: Db,
  options: { experimentId: string; visitorId: string; variant: number; network: string },
): Promise<boolean> {
  const { experimentId, network } = options;
  return db.transaction(async (tx) => {
    await lockNetwork(tx, experimentId, network);
    const result = await tx.execute(sql`
      insert into experiment_visitors (experiment_id, visitor_id, variant, network)
      select ${experimentId}, ${options.visitorId}, ${options.variant}, ${network}
      where (select count(*) from experiment_visitors
             where experiment_id = ${experimentId} and network = ${network}) < ${NETWORK_VISITORS_PER_TEST}
      on conflict do nothing
    `);
    return (result.rowCount ?? 0) > 0;
  });
}

/**
 * Marks the visitor converted in the domain's running test (the one its controller runs), when
 * its goal is this one and the visitor was counted in it (a visitor never counted, such as a bot,
 * converts nothing), and its network has no conversion in the test yet: one network, one
 * conversion per test, so a conversion costs an attacker a network.
 */
export async function recordConversion(
  db: Db,
  options: { domainId?: string; host?: string; visitorId: string; goal: TExperimentGoal },
): Promise<void> {
  const domain = options.domainId
    ? sql`${options.domainId}::uuid`
    : sql`(select id from domains where name = ${options.host ?? ""} and verified_at is not null)`;
  const { rows } = await db.execute<{ experiment_id: string; network: string | null }>(sql`
    select v.experiment_id, v.network from experiment_visitors v
    where v.visitor_id = ${options.visitorId} and not v.converted
      and v.experiment_id in (
        select e.id from experiments e join domains d on d.id = e.domain_id
        where e.domain_id = ${domain} and e.status = 'running' and e.goal = ${options.goal}
          and e.user_id = coalesce(${runningLessee(sql`d.id`)}, d.user_id))
  `);
  for (const exposure of rows) {
    await db.transaction(async (tx) => {
      await lockNetwork(tx, exposure.experiment_id, exposure.network ?? options.visitorId);
      await tx.execute(sql`
        update experiment_visitors v set converted = true
        where v.experiment_id = ${exposure.experiment_id} and v.visitor_id = ${options.visitorId}
          and (select count(*) from experiment_visitors c
               where c.experiment_id = v.experiment_id and c.network = v.network and c.converted) < ${NETWORK_CONVERSIONS_PER_TEST}
      `);
    });
  }
}

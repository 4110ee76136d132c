import { sql } from "drizzle-orm";
import type { TExperimentGoal } from "../../../shared/api/experiments";
import type { DbOrTx } from "../../db/tx";

/** Records that a visitor saw a variant (once per test: a visitor's first variant is theirs). */
export async function recordExposure(
  db: DbOrTx,
  options: { experimentId: string; visitorId: string; variant: number },
): Promise<void> {
  await db.execute(sql`
    insert into experiment_visitors (experiment_id, visitor_id, variant)
    values (${options.experimentId}, ${options.visitorId}, ${options.variant})
    on conflict do nothing
  `);
}

/**
 * Marks the visitor converted in the domain's running test, when its goal is this one and the
 * visitor was exposed to it (a visitor never counted, such as a bot, converts nothing).
 */
export async function recordConversion(
  db: DbOrTx,
  options: { domainId?: string; host?: string; visitorId: string; goal: TExperimentGoal },
): Promise<void> {
  const domain = options.domainId
    ? sql`${options.domainId}::uuid`
    : sql`(select id from domains where name = ${options.host ?? ""} and verified_at is not null)`;
  await db.execute(sql`
    update experiment_visitors set converted = true
    where visitor_id = ${options.visitorId}
      and experiment_id = (select id from experiments where domain_id = ${domain} and status = 'running' and goal = ${options.goal})
  `);
}

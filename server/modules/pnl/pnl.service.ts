import type { TDomainPnl, TPnlRange, TPnlSort, TPortfolioPnl, TSortOrder } from "../../../shared/api/pnl";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";
import { domainPnlQuery } from "./domain-pnl-query";
import { portfolioPnlQuery } from "./portfolio-pnl-query";

/** One of the user's domains: income by source and month, costs, net, ROI and the renewal hint. */
export async function getDomainPnl(options: {
  db: Db;
  userId: string;
  domainId: string;
  range: TPnlRange;
  now?: Date;
}): Promise<TDomainPnl> {
  const { db, userId, domainId, range } = options;
  const result = await db.execute<{ answer: TDomainPnl }>(
    domainPnlQuery({ userId, domainId, range, now: options.now ?? new Date() }),
  );
  const [row] = result.rows;
  if (!row) throw notFound("Domain");
  return row.answer;
}

interface PortfolioOptions {
  db: Db;
  userId: string;
  range: TPnlRange;
  sort: TPnlSort;
  order: TSortOrder;
  now?: Date;
}

/**
 * Every domain's P&L and the portfolio's totals, as the JSON text of `TPortfolioPnl`: the
 * database writes the document, so thousands of rows are never parsed and re-serialised here.
 */
export async function portfolioPnlJson(options: PortfolioOptions): Promise<string> {
  const { db, userId, range, sort, order } = options;
  const result = await db.execute<{ body: string }>(
    portfolioPnlQuery({ userId, range, sort, order, now: options.now ?? new Date() }),
  );
  const [row] = result.rows;
  if (!row) throw notFound("Account");
  return row.body;
}

/** The same answer as an object, for the CSV export. */
export async function getPortfolioPnl(options: PortfolioOptions): Promise<TPortfolioPnl> {
  return JSON.parse(await portfolioPnlJson(options)) as TPortfolioPnl;
}

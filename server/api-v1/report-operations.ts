import { z } from "zod";
import { ZParkingNetworkParam, ZParkingReportBody } from "../../shared/api/parking";
import { ZBalance, ZTransaction } from "../../shared/api/payouts";
import { ZPortfolioPnl, ZPortfolioPnlQuery } from "../../shared/api/pnl";
import { API_V1_PATHS, paged } from "../../shared/api/v1/common";
import { ZApiLead, ZLeadsQuery } from "../../shared/api/v1/leads";
import { ZParkingImportResult } from "../../shared/api/v1/parking";
import {
  ZRevenueDaily,
  ZRevenueDailyQuery,
  ZRevenueEvent,
  ZRevenueEventsQuery,
} from "../../shared/api/v1/revenue";
import { importParkingReport } from "../modules/parking/parking-import.service";
import { getBalance, listTransactions } from "../modules/payouts/balance.service";
import { portfolioPnlJson } from "../modules/pnl/pnl.service";
import { listLeads } from "./leads.query";
import { JsonText, operation } from "./operation";
import { revenueDaily } from "./revenue-daily.query";
import { listRevenueEvents } from "./revenue-events.query";

const EXAMPLE_CSV = "date,domain,visitors,clicks,revenue\n2026-01-30,example-parked-domain.com,120,6,4.20\n";

export const reportOperations = [
  operation({
    method: "post",
    path: API_V1_PATHS.parkingReport,
    operationId: "importParkingReport",
    tag: "Parking reports",
    summary: "Import a parking report",
    description:
      "The network's daily CSV export as the body (`Content-Type: text/csv`), as Domains → Import report takes it. Re-importing a day replaces it. Parking revenue is reported revenue: it is never part of the balance.",
    scope: "write",
    params: ZParkingNetworkParam.extend({
      network: ZParkingNetworkParam.shape.network.meta({ example: "parkingcrew" }),
    }),
    body: ZParkingReportBody.meta({ example: EXAMPLE_CSV }),
    bodyType: "csv",
    status: 201,
    answer: ZParkingImportResult,
    example: { params: { network: "parkingcrew" }, body: EXAMPLE_CSV },
    run: ({ deps, userId, params, body }) =>
      importParkingReport({
        db: deps.db,
        engine: deps.database.engine,
        userId,
        network: params.network,
        csv: body,
      }),
  }),
  operation({
    method: "get",
    path: API_V1_PATHS.revenueEvents,
    operationId: "listRevenueEvents",
    tag: "Revenue",
    summary: "List revenue events",
    description: "Revenue events newest first, by UTC day range and type, a page at a time.",
    scope: "read",
    query: ZRevenueEventsQuery,
    status: 200,
    answer: paged(ZRevenueEvent),
    example: { query: { type: "parking", limit: 50 } },
    run: ({ deps, userId, query }) => listRevenueEvents({ db: deps.db, userId, query }),
  }),
  operation({
    method: "get",
    path: API_V1_PATHS.revenueDaily,
    operationId: "getRevenueDaily",
    tag: "Revenue",
    summary: "Daily revenue summary",
    description: "Revenue per UTC day and type, every day of the range present (default: the last 30 days).",
    scope: "read",
    query: ZRevenueDailyQuery,
    status: 200,
    answer: ZRevenueDaily,
    example: { query: {} },
    run: ({ deps, userId, query }) => revenueDaily({ db: deps.db, userId, query }),
  }),
  operation({
    method: "get",
    path: API_V1_PATHS.pnl,
    operationId: "getPortfolioPnl",
    tag: "Profit and loss",
    summary: "The portfolio's profit and loss",
    description:
      "Every domain's income, costs, net and ROI over the range, sorted; totals are the rows' sums.",
    scope: "read",
    query: ZPortfolioPnlQuery,
    status: 200,
    answer: ZPortfolioPnl,
    example: { query: { range: "90d", sort: "net", order: "desc" } },
    run: async ({ deps, userId, query }) =>
      new JsonText(await portfolioPnlJson({ db: deps.db, userId, ...query })),
  }),
  operation({
    method: "get",
    path: API_V1_PATHS.leads,
    operationId: "listLeads",
    tag: "Leads",
    summary: "List leads",
    description: "Leads captured on your domains, newest first, a page at a time.",
    scope: "read",
    query: ZLeadsQuery,
    status: 200,
    answer: paged(ZApiLead),
    example: { query: { limit: 25 } },
    run: ({ deps, userId, query }) => listLeads({ db: deps.db, userId, query }),
  }),
  operation({
    method: "get",
    path: API_V1_PATHS.balance,
    operationId: "getBalance",
    tag: "Payments",
    summary: "Balance",
    description: "Funds held for you: available, pending (with the next release days) and paid out.",
    scope: "read",
    status: 200,
    answer: ZBalance,
    example: {},
    run: ({ deps, userId }) => getBalance({ db: deps.db, userId }),
  }),
  operation({
    method: "get",
    path: API_V1_PATHS.transactions,
    operationId: "listTransactions",
    tag: "Payments",
    summary: "List transactions",
    description: "Payments and payouts, newest first.",
    scope: "read",
    status: 200,
    answer: z.object({ data: z.array(ZTransaction) }),
    example: {},
    run: async ({ deps, userId }) => ({ data: await listTransactions({ db: deps.db, userId }) }),
  }),
];

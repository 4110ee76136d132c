import { ANALYTICS_RANGE_DAYS, type TAnalyticsRange, type TExportTable } from "../../../shared/api/analytics";
import type { DbOrTx } from "../../db/tx";
import { getAnalytics } from "./analytics.service";
import { analyticsCsv, analyticsCsvFileName } from "./analytics-csv";
import { domainBreakdown, rangeDates, visitShares } from "./breakdowns.service";
import { domainsCsv, monthsCsv, sharesCsv } from "./breakdowns-csv";
import { portfolioMonths } from "./portfolio-months";

/** One table of the Analytics page as a CSV download (every row, not only those the page shows). */
export async function exportAnalytics(options: {
  db: DbOrTx;
  userId: string;
  range: TAnalyticsRange;
  table: TExportTable;
}): Promise<{ fileName: string; body: string }> {
  const { db, userId, range, table } = options;
  const name = (what: string, from: string, to: string) => `parkpilot-${what}-${range}-${from}-to-${to}.csv`;
  switch (table) {
    case "daily": {
      const answer = await getAnalytics({ db, userId, range });
      return { fileName: analyticsCsvFileName(answer), body: analyticsCsv(answer) };
    }
    case "domains": {
      const { rows, from, to } = await domainBreakdown({ db, userId, range, limit: null });
      return { fileName: name("domains", from, to), body: domainsCsv(rows) };
    }
    case "countries":
    case "referrers": {
      const { from, to } = await rangeDates(db, userId, undefined, ANALYTICS_RANGE_DAYS[range]);
      const by = table === "countries" ? "country" : "referrer";
      const rows = await visitShares({ db, userId, range, by, limit: null });
      return {
        fileName: name(table, from, to),
        body: sharesCsv(by === "country" ? "Country" : "Referrer", rows),
      };
    }
    case "months": {
      const months = await portfolioMonths({ db, userId });
      const first = months[0]?.month ?? "";
      const last = months.at(-1)?.month ?? "";
      return { fileName: `parkpilot-months-${first}-to-${last}.csv`, body: monthsCsv(months) };
    }
  }
}

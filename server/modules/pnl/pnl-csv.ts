import type { TDomainPnlRow, TPortfolioPnl } from "../../../shared/api/pnl";
import { csvDocument } from "../../lib/csv-write";

const HEADER = [
  "Domain",
  "Parking income",
  "Lead income",
  "Marketplace income",
  "Other income",
  "Total income",
  "Purchase cost",
  "Renewal cost (share)",
  "Services cost",
  "Total costs",
  "Net",
  "ROI (%)",
  "Trailing 12-month revenue",
  "Yearly renewal cost",
  "Renewal hint",
  "Expires",
];

type Figures = Pick<TDomainPnlRow, "income" | "costs" | "net" | "roi">;

function figureCells(row: Figures): string[] {
  const { income, costs } = row;
  return [
    income.parking,
    income.lead,
    income.marketplace,
    income.other,
    income.total,
    costs.purchase,
    costs.renewal,
    costs.services,
    costs.total,
    row.net,
    row.roi ?? "",
  ];
}

/**
 * The P&L table as CSV, in the order shown, then a Total row; CRLF line ends (RFC 4180). Cells
 * a spreadsheet would run as a formula are neutralised; amounts stay numbers.
 */
export function portfolioPnlCsv(answer: TPortfolioPnl): string {
  return csvDocument([
    HEADER,
    ...answer.rows.map((row) => [
      row.name,
      ...figureCells(row),
      row.renewal.trailingRevenue,
      row.renewal.renewalCost ?? "",
      row.renewal.hint ?? "",
      row.renewal.expiryDate ?? "",
    ]),
    ["Total", ...figureCells(answer.totals), answer.totals.trailingRevenue, "", "", ""],
  ]);
}

/** The download's file name, e.g. `parkpilot-pnl-12m-2025-03-16-to-2026-03-15.csv`. */
export function portfolioPnlCsvFileName(answer: TPortfolioPnl): string {
  return `parkpilot-pnl-${answer.range}-${answer.from ?? "start"}-to-${answer.to}.csv`;
}

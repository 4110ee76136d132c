import type { TDomainBreakdown, TPortfolioMonth, TVisitShare } from "../../../shared/api/analytics";
import { csvDocument } from "../../lib/csv-write";
import { REVENUE_HEADER, revenueCells } from "./analytics-csv";

const blank = (value: string | number | null) => (value === null ? "" : value);

/** Every domain's parking efficiency, landing visits and lead conversion, one row each. */
export function domainsCsv(rows: TDomainBreakdown[]): string {
  return csvDocument([
    [
      "Domain",
      "Parking visitors",
      "Clicks",
      "Parking revenue",
      "RPM",
      "CTR (%)",
      "EPC",
      "Landing visits",
      "Leads",
      "Lead conversion (%)",
    ],
    ...rows.map((r) => [
      r.name,
      r.parkingVisitors,
      r.clicks,
      r.parkingRevenue,
      blank(r.rpm),
      blank(r.ctr === null ? null : r.ctr.toFixed(2)),
      blank(r.epc),
      r.landingVisits,
      r.leads,
      blank(r.leadConversion === null ? null : r.leadConversion.toFixed(2)),
    ]),
  ]);
}

/** Landing visits by country or by referrer. */
export function sharesCsv(heading: "Country" | "Referrer", rows: TVisitShare[]): string {
  return csvDocument([[heading, "Code", "Visits"], ...rows.map((r) => [r.label, r.key, r.visits])]);
}

/** The 12-month portfolio summary. */
export function monthsCsv(rows: TPortfolioMonth[]): string {
  return csvDocument([
    ["Month", ...REVENUE_HEADER, "Parking visitors", "Clicks", "RPM", "Landing visits", "Leads"],
    ...rows.map((m) => [
      m.month,
      ...revenueCells(m.revenue),
      m.parkingVisitors,
      m.clicks,
      blank(m.rpm),
      m.landingVisits,
      m.leads,
    ]),
  ]);
}

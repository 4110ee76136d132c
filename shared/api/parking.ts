import { z } from "zod";
import { AD_NETWORKS } from "../catalog";
import { ZSignedMoney } from "../money";
import type { TAdNetwork } from "./domains";

export type TReportField = "date" | "domain" | "visitors" | "clicks" | "revenue";

export interface TReportFormat {
  /** The network's name as people know it. */
  label: string;
  /** The header of each field in the network's daily CSV export. */
  columns: Record<TReportField, string>;
  /** How the export writes a day; `YYYY-MM-DD` is always accepted too. */
  dateFormat: "YYYY-MM-DD" | "MM/DD/YYYY" | "DD.MM.YYYY";
}

/**
 * The daily report export of each parking network. A file may use these headers or the
 * generic ones (`date, domain, visitors, clicks, revenue`); case and spacing are ignored,
 * other columns are ignored, and visitors and clicks may be left out.
 */
export const PARKING_REPORT_FORMATS: Record<TAdNetwork, TReportFormat> = {
  adsense: {
    label: "Google AdSense",
    columns: {
      date: "Date",
      domain: "Site",
      visitors: "Page views",
      clicks: "Clicks",
      revenue: "Estimated earnings (USD)",
    },
    dateFormat: "YYYY-MM-DD",
  },
  sedo: {
    label: "Sedo",
    columns: {
      date: "Date",
      domain: "Domain",
      visitors: "Unique Visitors",
      clicks: "Clicks",
      revenue: "Earnings",
    },
    dateFormat: "DD.MM.YYYY",
  },
  parkingcrew: {
    label: "ParkingCrew",
    columns: { date: "Date", domain: "Domain", visitors: "Visits", clicks: "Clicks", revenue: "Revenue" },
    dateFormat: "YYYY-MM-DD",
  },
  namedrive: {
    label: "NameDrive",
    columns: {
      date: "Day",
      domain: "Domain Name",
      visitors: "Uniques",
      clicks: "Clicks",
      revenue: "Earnings",
    },
    dateFormat: "MM/DD/YYYY",
  },
  bodis: {
    label: "Bodis",
    columns: {
      date: "Date",
      domain: "Domain",
      visitors: "Visitors",
      clicks: "Clicks",
      revenue: "Earnings ($)",
    },
    dateFormat: "YYYY-MM-DD",
  },
};

/**
 * Every network whose figures are recorded as parking revenue: the ad networks a domain shows
 * (each with its CSV export above), and Above.com, which optimises a portfolio across parking
 * services and reports its revenue through its connection alone.
 */
export const PARKING_NETWORKS = [...AD_NETWORKS, "above"] as const;
export type TParkingNetwork = (typeof PARKING_NETWORKS)[number];

/** Each parking network's name as people know it. */
export const parkingNetworkLabel = (network: TParkingNetwork): string =>
  network === "above" ? "Above.com" : PARKING_REPORT_FORMATS[network].label;

/** The fields every report must have; visitors and clicks count as 0 when absent. */
export const REQUIRED_REPORT_FIELDS: readonly TReportField[] = ["date", "domain", "revenue"];

/** The most rows one report may hold. */
export const MAX_PARKING_REPORT_ROWS = 50_000;

/**
 * What one domain can plausibly earn and draw in one day on one network (rows of the same domain
 * and day added together). Far above any parked domain's day, far below what the database holds:
 * a figure past these is a typo or an attack, and refuses the file.
 */
export const MAX_PARKING_DAY_REVENUE_CENTS = 100_000_00;
export const MAX_PARKING_DAY_VISITORS = 10_000_000;

/** Where a network's parking report is uploaded (CSV body). */
export const parkingReportPath = (network: TAdNetwork) => `/api/parking-reports/${network}`;

export const ZParkingNetworkParam = z.object({
  network: z.enum(AD_NETWORKS, "Unknown parking network"),
});

/** The uploaded report: the network's CSV export as text. */
export const ZParkingReportBody = z.string();

/** A row that was read but not imported, and why. */
export const ZSkippedReportRow = z.object({ line: z.number(), domain: z.string(), reason: z.string() });
export type TSkippedReportRow = z.infer<typeof ZSkippedReportRow>;

/** A domain a report names that is not in your portfolio: how many rows, and its first day. */
export const ZUnknownReportDomain = z.object({
  name: z.string(),
  rows: z.number(),
  /** The earliest day the report has for it ("YYYY-MM-DD"), the acquisition date to add it with. */
  firstDay: z.string(),
});
export type TUnknownReportDomain = z.infer<typeof ZUnknownReportDomain>;

/** `POST /api/parking-reports/{network}`. */
export const ZParkingImportResult = z.object({
  network: z.enum(AD_NETWORKS),
  /** Data rows read from the file. */
  rowsRead: z.number(),
  /** Domain-days written (rows of one domain and day are added together). */
  imported: z.number(),
  /** Revenue of the imported domain-days, decimal string. */
  totalRevenue: ZSignedMoney,
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  /** Rows for domains that are not in your portfolio: how many, and the first of them. */
  skippedCount: z.number(),
  skipped: z.array(ZSkippedReportRow),
  /** Distinct domains of the report found in your portfolio. */
  matchedDomains: z.number(),
  /** Distinct valid domain names of the report not in your portfolio (the first 100, by name). */
  unknownDomains: z.array(ZUnknownReportDomain),
  unknownDomainCount: z.number(),
});
export type TParkingImportResult = z.infer<typeof ZParkingImportResult>;

/** The area's API paths, as Express patterns (filled in with `pathTo`). */
export const PARKING_PATHS = {
  upload: "/api/parking-reports/:network",
} as const;

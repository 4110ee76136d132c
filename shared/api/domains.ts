import { z } from "zod";
import { AD_NETWORKS, DEFAULT_AD_NETWORK, DEFAULT_PARKING_TEMPLATE, PARKING_TEMPLATES } from "../catalog";
import { moneyString, ZMoney, ZSignedMoney } from "../money";
import { pathTo } from "../path-to";
import { isRealTime, readSortCursor, ZCursorText } from "./v1/common";
import { ZServiceWorkOrder } from "./work-orders";

/**
 * docs/product.md#records-and-their-fields's statuses. `pending` means unverified (docs/security.md#domain-ownership): every domain is added pending,
 * whatever the body asks, and becomes `active` or `parked` once its ownership is proven.
 */
export const DOMAIN_STATUSES = ["active", "parked", "pending"] as const;
export type TDomainStatus = (typeof DOMAIN_STATUSES)[number];

/** How each status is named on every badge, filter and form. */
export const DOMAIN_STATUS_LABELS: Record<TDomainStatus, string> = {
  active: "Active",
  parked: "Parked",
  pending: "Pending",
};

/**
 * What each status means, said wherever a badge is shown (its tooltip and the portfolio's
 * legend). Active and parked domains are both verified and both earn; they differ in how the
 * domain reaches ParkPilot.
 */
export const DOMAIN_STATUS_MEANINGS: Record<TDomainStatus, string> = {
  active:
    "Verified by its TXT record: it earns (parked page, visits, leads, marketplace) while its DNS stays where it is.",
  parked:
    "Verified through ParkPilot's nameservers: ParkPilot runs its DNS and serves its parked page. It earns.",
  pending:
    "Not verified yet: publish its TXT record or point it at ParkPilot's nameservers. Until then it earns nothing.",
};

/** Every domain starts pending: what the Add Domain form says about its status. */
export const NEW_DOMAIN_STATUS: TDomainStatus = "pending";

/** The portfolio's endpoints. */
export const DOMAIN_PATHS = {
  list: "/api/domains",
  one: "/api/domains/:id",
  services: "/api/domains/:id/services",
  verify: "/api/domains/:id/verify",
  import: "/api/domains/import",
  importPreview: "/api/domains/import/preview",
  dnsSandbox: "/api/domains/:id/dns-sandbox",
} as const;

export type TAdNetwork = (typeof AD_NETWORKS)[number];
export type TParkingTemplate = (typeof PARKING_TEMPLATES)[number];

/** The longest name DNS allows. */
export const MAX_DOMAIN_NAME_LENGTH = 253;
/** Nameservers are a free-text list; this keeps a pasted zone file out. */
export const MAX_NAMESERVERS_LENGTH = 1_000;

/** docs/product.md#validation-and-messages: the name is required after trimming; the server normalises and validates it further. */
export const ZDomainNameInput = z
  .string()
  .trim()
  .min(1, "Domain name is required.")
  .max(MAX_DOMAIN_NAME_LENGTH, "Domain name is too long (253 characters at most).");

/** A decimal amount in dollars with at most two places, or null to clear it. */
export const ZOptionalAmount = z
  .string()
  .trim()
  .pipe(moneyString("Enter an amount in dollars with at most two decimals"))
  .nullable();

/** The first .com was registered in 1985: no domain was acquired before it. */
export const EARLIEST_REGISTRATION_DATE = "1985-01-01";

/** A calendar date, `YYYY-MM-DD`, as a date input gives it. */
export const ZCalendarDate = z.iso.date("Enter a date as YYYY-MM-DD");

/** The day the owner acquired a domain: its P&L counts the purchase price then, and parking reports may start then. */
export const ZAcquisitionDate = ZCalendarDate.refine(
  (day) => day >= EARLIEST_REGISTRATION_DATE,
  "The acquisition date cannot be before 1985",
);

export const ZCreateDomainBody = z.object({
  name: ZDomainNameInput,
  adNetwork: z.enum(AD_NETWORKS).default(DEFAULT_AD_NETWORK),
  nameservers: z.string().trim().max(MAX_NAMESERVERS_LENGTH, "Nameservers are too long").default(""),
  parkingTemplate: z.enum(PARKING_TEMPLATES).default(DEFAULT_PARKING_TEMPLATE),
  status: z.enum(DOMAIN_STATUSES).default("active"),
  /** Left out, the domain was acquired the day it is added. */
  registrationDate: ZAcquisitionDate.optional(),
});
/** What the Add Domain dialog sends; fields with defaults may be left out. */
export type TCreateDomainBody = z.input<typeof ZCreateDomainBody>;
/** The same after parsing, defaults applied. */
export type TNewDomain = z.output<typeof ZCreateDomainBody>;

/**
 * Edit Domain: every field optional; the name itself is fixed once parked. `status` switches a
 * verified domain between active and parked; it cannot verify one (the server refuses).
 */
export const ZUpdateDomainBody = z.strictObject({
  status: z.enum(DOMAIN_STATUSES).optional(),
  adNetwork: z.enum(AD_NETWORKS).optional(),
  parkingTemplate: z.enum(PARKING_TEMPLATES).optional(),
  nameservers: z.string().trim().max(MAX_NAMESERVERS_LENGTH, "Nameservers are too long").optional(),
  expiryDate: ZCalendarDate.nullable().optional(),
  registrationDate: ZAcquisitionDate.optional(),
  purchasePrice: ZOptionalAmount.optional(),
  renewalCost: ZOptionalAmount.optional(),
});
export type TUpdateDomainBody = z.infer<typeof ZUpdateDomainBody>;

/** A domain CSV import (`/api/domains/import` and its preview): the file as text. */
export const ZDomainImportBody = z.string();

export const ZDomainIdParam = z.object({ id: z.uuid("Unknown domain") });

/**
 * Proof of ownership: a TXT record at the domain itself, or NS records that name exactly this
 * account's nameserver pair for the domain. Both belong to this copy of the name alone: another
 * account holding the same name has another token and another pair. `pending` until a check
 * finds either.
 */
export const ZDomainVerification = z.object({
  status: z.enum(["pending", "verified"]),
  /** The record to publish: `name` is the domain itself, `value` is `parkpilot-verify=<token>`. */
  txtRecord: z.object({ name: z.string(), value: z.string() }),
  /**
   * The nameserver pair this account must point the domain at, exactly these two: the other way
   * to prove ownership (and to park the domain). Empty when no pair was left for the name (every
   * pair was given to other accounts holding it): the TXT record alone proves it then.
   */
  nameservers: z.array(z.string()),
  /**
   * What proves this copy: the TXT record or the pair; the TXT record alone (the name's
   * nameservers named the platform's before it was added, so they prove nothing of who set them);
   * or both together (another account held the name verified when it was added: this copy waits,
   * and wins once that account's proof lapses).
   */
  proof: z.enum(["txt-or-nameservers", "txt", "txt-and-nameservers"]),
  verifiedAt: z.string().nullable(),
  /** The last check, by the job or "Verify now"; null before the first. */
  lastCheckedAt: z.string().nullable(),
});
export type TDomainVerification = z.infer<typeof ZDomainVerification>;

/** A domain as `GET /api/domains` answers it (docs/product.md#records-and-their-fields, plus the portfolio's own fields). */
export const ZDomain = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  adNetwork: z.enum(AD_NETWORKS),
  nameservers: z.string(),
  parkingTemplate: z.enum(PARKING_TEMPLATES),
  /** Average daily parking revenue over the last 30 days, decimal string ("12.50"). */
  parkingRevenue: ZSignedMoney,
  /** Visitors over the last 30 days: ad-network reports plus visits counted on the parked host. */
  visitors: z.number(),
  registrationDate: z.string(),
  expiryDate: z.string().nullable(),
  /** Asking price while listed on the marketplace, else null. */
  marketplacePrice: ZMoney.nullable(),
  purchasePrice: ZMoney.nullable(),
  /** Yearly renewal cost. */
  renewalCost: ZMoney.nullable(),
  createdAt: z.string(),
  /** When the owner marked the domain sold; a sold domain cannot be listed again. */
  soldAt: z.string().nullable(),
  verification: ZDomainVerification,
});
export type TDomain = z.infer<typeof ZDomain>;

/** The TXT value that proves ownership of a domain with this token. */
export const verificationTxtValue = (token: string) => `parkpilot-verify=${token}`;

/** One domain with its all-time totals, for the manage dialog. */
export const ZDomainDetail = ZDomain.extend({
  /** Every revenue event ever credited for the domain, decimal string. */
  totalRevenue: ZSignedMoney,
  /** Every visitor ever reported or counted for the domain. */
  totalVisitors: z.number(),
  totalLeads: z.number(),
});
export type TDomainDetail = z.infer<typeof ZDomainDetail>;

/** A service record of a domain (docs/product.md#records-and-their-fields); `completed` is highlighted. */
export const ZDomainService = z.object({
  id: z.string(),
  serviceType: z.string(),
  status: z.string(),
  createdAt: z.string(),
  /** For services people deliver: the work order's status, due date and delivery (null for others). */
  workOrder: ZServiceWorkOrder.nullable(),
  /** The report the service delivered (an appraisal), or null. */
  reportId: z.string().nullable(),
});
export type TDomainService = z.infer<typeof ZDomainService>;

/** One day of a domain's traffic and revenue, oldest first. */
export type TDomainTrafficDay = {
  day: string;
  /** Visits counted on the parked host (repeat visitors within 30 minutes once). */
  visits: number;
  leads: number;
  /** Visitors the ad networks reported. */
  parkingVisitors: number;
  parkingRevenue: string;
  leadRevenue: string;
};

export const MAX_TRAFFIC_DAYS = 365;
export const ZDomainTrafficQuery = z.object({
  days: z.coerce.number().int().min(1).max(MAX_TRAFFIC_DAYS).default(30),
});

/** The portfolio page's orders (`sort`), each a keyset order on the server: its value, then the name. */
export const DOMAIN_SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "name", label: "Name (A–Z)" },
  { value: "revenue", label: "Highest revenue" },
  { value: "visitors", label: "Most visitors" },
  { value: "expiry", label: "Expiring soonest" },
] as const;
export type TDomainSort = (typeof DOMAIN_SORTS)[number]["value"];
const SORT_VALUES = DOMAIN_SORTS.map((s) => s.value) as [TDomainSort, ...TDomainSort[]];

/** Domains per page of `GET /api/domains` unless `limit` says otherwise. */
export const DOMAINS_DEFAULT_LIMIT = 100;
export const DOMAINS_MAX_LIMIT = 500;

/** What a cursor's sort value must look like for each order (checked before it reaches SQL). */
const SORT_VALUE_SHAPES: Record<TDomainSort, (value: string) => boolean> = {
  newest: isRealTime,
  name: (value) => value === "",
  revenue: (value) => /^-?\d{1,15}(\.\d{1,2})?$/.test(value),
  visitors: (value) => /^\d{1,18}$/.test(value),
  // A domain without an expiry date sorts last: its value is empty.
  expiry: (value) => value === "" || isRealTime(value),
};

/**
 * `GET /api/domains`: a page of the portfolio in one of `DOMAIN_SORTS`, filtered by status, ad
 * network and part of the name. The answer is the page's domains; the `X-Next-Cursor` header names
 * the page after it (absent on the last) and `X-Total-Count` counts every domain the filters keep.
 */
export const ZPortfolioQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(DOMAINS_MAX_LIMIT).default(DOMAINS_DEFAULT_LIMIT),
    cursor: ZCursorText.optional(),
    sort: z.enum(SORT_VALUES).default("newest"),
    status: z.enum(DOMAIN_STATUSES).optional(),
    adNetwork: z.enum(AD_NETWORKS).optional(),
    q: z.string().trim().max(MAX_DOMAIN_NAME_LENGTH).optional(),
  })
  .transform(readSortCursor(SORT_VALUE_SHAPES));
export type TPortfolioQuery = z.output<typeof ZPortfolioQuery>;
export type TPortfolioQueryInput = z.input<typeof ZPortfolioQuery>;

/**
 * The DNS sandbox (development only): the records an owner publishes in the app for one of their
 * names, which the ownership check reads as a DNS server's answer. `enabled: false` everywhere
 * else (production never has it).
 */
export const ZSandboxDns = z.object({
  enabled: z.boolean(),
  txt: z.string().nullable(),
  ns: z.array(z.string()),
});
export type TSandboxDns = z.infer<typeof ZSandboxDns>;
const ZHostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+\.?$/, "A nameserver is a host name like ns1.example.net");
/** `PUT /api/domains/{id}/dns-sandbox`: the TXT value (null: none) and nameservers (at most 4) to publish. */
export const ZSandboxDnsBody = z.object({
  txt: z.string().trim().min(1, "Write the TXT value, or remove it").max(255).nullable(),
  ns: z.array(ZHostName).max(4, "At most 4 nameservers"),
});
export type TSandboxDnsBody = z.infer<typeof ZSandboxDnsBody>;
export const sandboxDnsPath = (domainId: string) => pathTo(DOMAIN_PATHS.dnsSandbox, { id: domainId });

// Bulk import of domains from a CSV file: a preview first, then one all-or-nothing import.
// The file travels as the request body with `Content-Type: text/csv`.

/** The column a CSV header may name, and the spellings accepted for it (case and spacing ignored). */
export const DOMAIN_IMPORT_COLUMNS = {
  name: ["name", "domain", "domain name"],
  status: ["status"],
  adNetwork: ["ad network", "network"],
  parkingTemplate: ["parking template", "template"],
  registrationDate: ["registration date", "registered"],
  expiryDate: ["expiry date", "expires", "expiration date"],
  purchasePrice: ["purchase price"],
  renewalCost: ["renewal cost"],
} as const;
export type TDomainImportColumn = keyof typeof DOMAIN_IMPORT_COLUMNS;

/** The most rows one file may hold. */
export const MAX_DOMAIN_IMPORT_ROWS = 20_000;

/**
 * What the import will do with a row: add it (`new`), leave it (`owned`: already in your
 * portfolio; `taken`: parked by another owner), or refuse the file (`invalid`, with the reason).
 */
export const DOMAIN_IMPORT_ROW_STATUSES = ["new", "owned", "taken", "invalid"] as const;
export type TDomainImportRowStatus = (typeof DOMAIN_IMPORT_ROW_STATUSES)[number];

export const ZDomainImportRow = z.object({
  /** Line in the file, the header being line 1. */
  line: z.number(),
  /** The normalised name when valid, else the cell as written. */
  name: z.string(),
  status: z.enum(DOMAIN_IMPORT_ROW_STATUSES),
  reason: z.string().optional(),
});
export type TDomainImportRow = z.infer<typeof ZDomainImportRow>;

/** `POST /api/domains/import/preview`: what importing the file would do, row by row. */
export const ZDomainImportPreview = z.object({
  rows: z.array(ZDomainImportRow),
  counts: z.record(z.enum(DOMAIN_IMPORT_ROW_STATUSES), z.number()),
});
export type TDomainImportPreview = z.infer<typeof ZDomainImportPreview>;

/** `POST /api/domains/import`. */
export const ZDomainImportResult = z.object({
  imported: z.number(),
  /** Rows left as they were: already yours or taken by another owner. */
  skipped: z.number(),
});
export type TDomainImportResult = z.infer<typeof ZDomainImportResult>;

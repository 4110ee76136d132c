import { z } from "zod";

/** What a connected service is: a registrar holds names, a parking network reports their earnings. */
export type TServiceKind = "registrar" | "parking";

/** One credential a service asks for, as the connect form shows it. */
export interface TServiceField {
  name: string;
  label: string;
  /** Shown as dots while typed; every field is stored sealed either way. */
  secret: boolean;
  help?: string;
}

/** A supported service (`GET /api/connections/services`). */
export interface TConnectionService {
  id: string;
  kind: TServiceKind;
  name: string;
  fields: TServiceField[];
  /** What a sync brings in, in a sentence. */
  imports: string;
}

/** The API's paths, for the client's fetchers and query keys. */
export const CONNECTION_PATHS = {
  services: "/api/connections/services",
  list: "/api/connections",
  one: "/api/connections/:id",
  sync: "/api/connections/:id/sync",
  park: "/api/connections/park/:domainId",
  domain: "/api/connections/domains/:domainId",
  renewals: "/api/connections/renewals",
  tldPrices: "/api/connections/tld-prices",
} as const;

export const CONNECTION_SERVICE_IDS = [
  "namecheap",
  "godaddy",
  "porkbun",
  "dynadot",
  "cloudflare",
  "sedo",
  "bodis",
  "parkingcrew",
  "above",
] as const;
export type TConnectionServiceId = (typeof CONNECTION_SERVICE_IDS)[number];

/** `POST /api/connections`: the service and its own credentials, by the service's field names. */
export const ZCreateConnectionBody = z.strictObject({
  service: z.enum(CONNECTION_SERVICE_IDS, { message: "Choose a supported service" }),
  credentials: z.record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/),
    z.string().trim().min(1, "Required").max(500, "At most 500 characters"),
  ),
});
export type TCreateConnectionBody = z.infer<typeof ZCreateConnectionBody>;

export const ZConnectionIdParam = z.object({ id: z.uuid({ message: "Unknown connection" }) });

/** `PATCH /api/connections/{id}`: pause or resume. */
export const ZUpdateConnectionBody = z.strictObject({ paused: z.boolean() });

export const ZDomainParam = z.object({ domainId: z.uuid({ message: "Unknown domain" }) });

/** A connection as its owner sees it: never its credentials. */
export interface TConnection {
  id: string;
  service: string;
  serviceName: string;
  kind: TServiceKind;
  account: string;
  paused: boolean;
  running: boolean;
  lastRunAt: string | null;
  lastStatus: "ok" | "failed" | null;
  lastError: string | null;
  nextRunAt: string | null;
  summary: TSyncSummary | null;
  createdAt: string;
}

export interface TRevisedDay {
  domain: string;
  day: string;
  previousRevenue: string;
  revenue: string;
}

/** What one sync did. */
export interface TSyncSummary {
  /** Registrars: names listed, added to the portfolio, matched with it. */
  domainsListed?: number;
  domainsAdded?: number;
  domainsMatched?: number;
  /** Parking networks: domain-days written, of which revised, and the first revisions. */
  daysWritten?: number;
  daysRevised?: number;
  revisions?: TRevisedDay[];
  /** Days before a name was the owner's, left out as imports leave them out. */
  daysBeforeOwnership?: number;
  /** Domain-days past the bounds an imported report keeps (negative, over $100,000, over 10,000,000 visits), left out. */
  daysOutOfBounds?: number;
  /** Names the network reports that the portfolio lacks: offered for adding. */
  unknownDomains?: string[];
  unknownDomainCount?: number;
}

/** `POST /api/connections/park/{domainId}`: the nameservers set at the registrar and the check that followed. */
export interface TParkResult {
  domainId: string;
  nameservers: string[];
  registrar: string;
  /** `parked` once the DNS shows the pair (as "Verify now" decides), else `pending`. */
  status: "active" | "parked" | "pending";
  message: string;
}

/** One row of the renew-or-drop view (`GET /api/connections/renewals`). */
export interface TRenewalRow {
  domainId: string;
  name: string;
  expiresAt: string | null;
  autoRenew: boolean | null;
  renewalCost: string | null;
  /** Reported and platform revenue of the last 12 months. */
  revenue12m: string;
  /** revenue12m - renewalCost: negative loses money. */
  net: string | null;
}

export const ZTldPriceBody = z.strictObject({
  tld: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{2,63}(\.[a-z0-9-]{2,63})?$/, "A TLD such as com or co.uk"),
  price: z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, "An amount in dollars and cents"),
});

/** `GET /api/connections/domains/{domainId}`: what a connected registrar says of the name, or null. */
export interface TRegistrarDomain {
  connectionId: string;
  registrar: string;
  expiresAt: string | null;
  autoRenew: boolean | null;
  locked: boolean | null;
  privacy: boolean | null;
  nameservers: string[] | null;
  seenAt: string;
  /** Why this registrar cannot park the name in one step (its names stay on its own nameservers); null when it can. */
  cannotPark: string | null;
}

import type { ConfiguredLeadBuyer } from "../../../shared/api/lead-sales";
import type { Db } from "../../db/pool";
import { InFlight } from "../../lib/in-flight";
import type { Logger } from "../../lib/logger";
import type { KeyEntry, SecretBox } from "../../lib/secret-box";
import type { Mailer } from "../../mail/mailer";
import { BuyerCircuits } from "./buyer-client";
import { createBuyerSecrets, syncConfiguredBuyers } from "./buyer-store";

/** How a sale runs (docs/money.md#lead-sales), from the configuration. */
export interface SaleSettings {
  /** The owner's share of the sale price, in percent. */
  sharePercent: number;
  /** Days the owner's share stays pending (the returns window). */
  holdDays: number;
  /** Days in which a buyer may return a lead. */
  returnDays: number;
  pingTimeoutMs: number;
  postTimeoutMs: number;
  /**
   * With no active buyer, a built-in buyer buys every lead at the price whose share is this
   * (development and tests: the spec's lead value still shows); null: the lead stays unsold.
   */
  sandboxCredit: string | null;
}

/** How buyers are billed (docs/money.md#buyer-invoices). */
export interface InvoiceSettings {
  /** Where pay links point, e.g. "https://parkpilot.example". */
  appUrl: string;
  /** Derives each invoice's pay token (only its hash is stored). */
  tokenSecret: string;
}

/** Everything a sale needs, built once per app. */
export interface LeadSales {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  secrets: SecretBox;
  circuits: BuyerCircuits;
  settings: SaleSettings;
  invoices: InvoiceSettings;
  /** Resolves once the buyers `LEAD_BUYERS` gives are in the table. */
  ready(): Promise<void>;
  /**
   * Who sells a lead once it is stored (docs/money.md#lead-sales): the job queue once it runs
   * (`send` set by `startJobQueue`), else this process after the answer, its sales in `running`.
   */
  followUp: { send?: (leadId: string) => Promise<unknown>; running: InFlight };
}

/** How long a sale holds its lead before another run may take it over (it renews before each post). */
export const SALE_LEASE_SECONDS = 10;

export function createLeadSales(options: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  keys: KeyEntry[];
  configured: ConfiguredLeadBuyer[];
  settings: SaleSettings;
  invoices: InvoiceSettings;
}): LeadSales {
  const secrets = createBuyerSecrets(options.keys);
  let synced: Promise<void> | null = null;
  return {
    db: options.db,
    mailer: options.mailer,
    logger: options.logger,
    secrets,
    circuits: new BuyerCircuits(),
    settings: options.settings,
    invoices: options.invoices,
    followUp: { running: new InFlight() },
    ready() {
      synced ??= syncConfiguredBuyers(options.db, secrets, options.configured).catch((err) => {
        synced = null;
        throw err;
      });
      return synced;
    },
  };
}

import type { Config } from "../../lib/config";
import type { SaleConfig } from "./sale-terms";

/** The configuration fields a sale's terms are read from. */
export type SaleConfigFields = Pick<
  Config,
  "INSPECTION_DAYS" | "MARKETPLACE_COMMISSION_PERCENT" | "COMMISSION_HOLD_DAYS"
>;

/** Every sale's terms from the environment: inspection, commission, and the proceeds' hold (the refund window). */
export const saleConfigOf = (config: SaleConfigFields): SaleConfig => ({
  inspectionDays: config.INSPECTION_DAYS,
  commissionPercent: config.MARKETPLACE_COMMISSION_PERCENT,
  holdDays: config.COMMISSION_HOLD_DAYS,
});

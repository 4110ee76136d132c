import type { Config } from "../../config";
import type { SaleConfig } from "./sale-terms";

/** Every sale's terms from the environment: inspection, commission, and the proceeds' hold (the refund window). */
export const saleConfigOf = (config: Config): SaleConfig => ({
  inspectionDays: config.INSPECTION_DAYS,
  commissionPercent: config.MARKETPLACE_COMMISSION_PERCENT,
  holdDays: config.COMMISSION_HOLD_DAYS,
});

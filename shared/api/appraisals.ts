import { z } from "zod";
import { ZMoney } from "../money";
import { MAX_DOMAIN_NAME_LENGTH } from "./domains";

/** Appraisals (docs/appraisals.md): the free estimate, and the engine's measured accuracy for the console. */
export const APPRAISAL_PATHS = {
  estimate: "/api/appraisals/estimate",
  accuracy: "/api/admin/appraisals/accuracy",
} as const;

export const ZConfidence = z.enum(["low", "medium", "high"]);
export type TConfidence = z.infer<typeof ZConfidence>;

export const ZEstimateQuery = z.object({
  name: z.string().trim().min(1, "Domain name is required.").max(MAX_DOMAIN_NAME_LENGTH),
});

/** A value and a range that always holds it, in dollars and cents. */
export const ZValueRange = z.object({ low: ZMoney, high: ZMoney });

/** `GET /api/appraisals/estimate?name=`: the free instant estimate of a name. */
export const ZEstimate = z.object({
  name: z.string(),
  value: ZMoney,
  range: ZValueRange,
  confidence: ZConfidence,
});
export type TEstimate = z.infer<typeof ZEstimate>;

/**
 * The engine's leave-one-out backtest on the platform's closed sales: each sale appraised without
 * itself. The figures are null until enough sales exist (`enough` false).
 */
export const ZAppraisalAccuracy = z.object({
  sales: z.number().int(),
  enough: z.boolean(),
  minimumSales: z.number().int(),
  /** Share of appraisals within 2× of the sale price, 0 to 1. */
  withinTwoX: z.number().nullable(),
  /** Median |ln(appraisal ÷ price)|. */
  medianAbsLogRatio: z.number().nullable(),
  /** Geometric mean of appraisal ÷ price. */
  meanRatio: z.number().nullable(),
});
export type TAppraisalAccuracy = z.infer<typeof ZAppraisalAccuracy>;

/** A comparable in an appraisal report. */
export const ZComparable = z.object({
  name: z.string(),
  kind: z.enum(["sale", "listing"]),
  price: ZMoney,
  adjusted: ZMoney,
  similarity: z.number(),
  at: z.string(),
});

/** The figures of an appraisal report's content, beside its summary and sections. */
export const ZAppraisalFigures = z.object({
  tier: z.enum(["basic", "professional", "premium", "enterprise"]),
  name: z.string(),
  value: ZMoney,
  range: ZValueRange,
  confidence: ZConfidence,
  reasons: z.array(z.string()),
  comparables: z.array(ZComparable),
  accuracy: ZAppraisalAccuracy,
});
export type TAppraisalFigures = z.infer<typeof ZAppraisalFigures>;

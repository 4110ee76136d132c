import { and, eq } from "drizzle-orm";
import type { TAppraisalFigures } from "../../../shared/api/appraisals";
import type { TReportSection } from "../../../shared/api/reports";
import { domains } from "../../../shared/schema";
import { AppError } from "../../http/app-error";
import type { ReportBuilder } from "../reports/report-builder";
import {
  accuracySection,
  analystSection,
  comparablesSection,
  earningsSection,
  featuresSection,
  keywordsSection,
  marketTrendSection,
  reasonsSection,
  usd,
  valueSection,
} from "./appraisal-sections";
import { appraiseAgainstMarket } from "./appraise-name";
import { earningsHistory } from "./market-data";

export const APPRAISAL_TIERS = ["basic", "professional", "premium", "enterprise"] as const;
export type AppraisalTier = (typeof APPRAISAL_TIERS)[number];

const RANK: Record<AppraisalTier, number> = { basic: 0, professional: 1, premium: 2, enterprise: 3 };

/** What the appraisal report is asked for (its `params`). */
export interface AppraisalParams {
  tier: AppraisalTier;
  /** The domain's name when ordered: the report is still built if the domain is removed since. */
  name: string;
  /** Enterprise: when the analyst's review is due, and once delivered, the review. */
  reviewDueAt?: string;
  analystReview?: { lines: string[]; deliveredAt: string };
}

function paramsOf(raw: Record<string, unknown>): AppraisalParams {
  const tier = APPRAISAL_TIERS.find((t) => t === raw.tier);
  if (!tier || typeof raw.name !== "string")
    throw new AppError("UNPROCESSABLE", "This appraisal's order is incomplete.");
  return raw as unknown as AppraisalParams;
}

/**
 * The appraisal of a domain at the tier its order paid for: basic gives the value, the range,
 * the reasons and the name's features; professional adds comparables and the earnings multiple;
 * premium adds the keyword and market-trend sections; enterprise adds the analyst's review,
 * delivered through a work order. Every tier says how accurate the engine has been.
 */
export const buildAppraisalReport: ReportBuilder = async ({ db, report, progress }) => {
  const params = paramsOf(report.params);
  const [domain] = report.domainId
    ? await db
        .select({ id: domains.id, name: domains.name })
        .from(domains)
        .where(and(eq(domains.id, report.domainId), eq(domains.userId, report.userId)))
    : [];
  const earnings = domain ? await earningsHistory(db, domain.id) : null;
  await progress(30);
  const { valuation, accuracy, market } = await appraiseAgainstMarket(db, {
    name: params.name,
    earnings,
    measure: true,
  });
  if (!accuracy) throw new Error("the engine's accuracy was not measured");
  await progress(70);

  const at = (tier: AppraisalTier) => RANK[params.tier] >= RANK[tier];
  const sections: TReportSection[] = [
    valueSection(valuation),
    reasonsSection(valuation),
    featuresSection(valuation),
  ];
  if (at("professional")) sections.push(comparablesSection(valuation), earningsSection(valuation));
  if (at("premium"))
    sections.push(keywordsSection(valuation, market), marketTrendSection(market, new Date()));
  if (at("enterprise"))
    sections.push(
      analystSection(params.analystReview, params.reviewDueAt ? new Date(params.reviewDueAt) : undefined),
    );
  sections.push(accuracySection(accuracy));

  const money = (n: number) => n.toFixed(2);
  const figures: TAppraisalFigures = {
    tier: params.tier,
    name: valuation.name,
    value: money(valuation.value),
    range: { low: money(valuation.range.low), high: money(valuation.range.high) },
    confidence: valuation.confidence,
    reasons: valuation.reasons,
    comparables: at("professional")
      ? valuation.comparables.map((c) => ({
          name: c.name,
          kind: c.kind,
          price: money(c.price),
          adjusted: money(Math.round(c.adjusted)),
          similarity: Math.round(c.similarity * 100) / 100,
          at: c.at.toISOString(),
        }))
      : [],
    accuracy,
  };
  return {
    content: {
      summary: `${valuation.name} is worth about ${usd(valuation.value)} (from ${usd(valuation.range.low)} to ${usd(valuation.range.high)}), with ${valuation.confidence} confidence.`,
      sections,
      ...figures,
    },
  };
};

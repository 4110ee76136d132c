import type { TGoalCategory, TGoalTimeframe } from "@shared/api/revenue";
import { GOAL_CATEGORIES, GOAL_TIMEFRAMES } from "@shared/catalog";

export const GOAL_CATEGORY_LABELS: Record<TGoalCategory, string> = {
  total: "Total Revenue",
  parking: "Domain Parking",
  marketplace: "Marketplace Sales",
  affiliate: "Affiliate Commissions",
};

export const GOAL_TIMEFRAME_LABELS: Record<TGoalTimeframe, string> = {
  weekly: "Weekly",
  monthly: "Monthly",
  quarterly: "Quarterly",
  yearly: "Yearly",
};

export const GOAL_CATEGORY_OPTIONS = GOAL_CATEGORIES.map((c) => ({
  value: c,
  label: GOAL_CATEGORY_LABELS[c],
}));
export const GOAL_TIMEFRAME_OPTIONS = GOAL_TIMEFRAMES.map((t) => ({
  value: t,
  label: GOAL_TIMEFRAME_LABELS[t],
}));

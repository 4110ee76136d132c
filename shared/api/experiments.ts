import { z } from "zod";
import { ZPageBody } from "./parked-pages";

/** What a split test counts as a conversion: a lead, a click on a related link, or a for-sale click. */
export const EXPERIMENT_GOALS = ["lead", "outbound-click", "for-sale-click"] as const;
export const ZExperimentGoal = z.enum(EXPERIMENT_GOALS);
export type TExperimentGoal = z.infer<typeof ZExperimentGoal>;

export const ZExperimentVariantBody = z.object({
  name: z.string().trim().min(1, "Name the variant").max(40),
  page: ZPageBody,
  /** The variant's share of the traffic, relative to the others' weights. */
  weight: z.number().int().min(1).max(100),
});

/** `POST /api/experiments`: two to four variants of a domain's page, a goal, and optionally the stopping rule. */
export const ZCreateExperimentBody = z.object({
  domainId: z.uuid("Unknown domain"),
  goal: ZExperimentGoal,
  variants: z
    .array(ZExperimentVariantBody)
    .min(2, "A split test needs two to four variants")
    .max(4, "A split test needs two to four variants")
    .refine(
      (vs) => new Set(vs.map((v) => v.name.toLowerCase())).size === vs.length,
      "Each variant needs its own name",
    ),
  /** The chance to be best a variant must reach to win (0.998 unless told). */
  threshold: z.number().min(0.9).max(0.9999).optional(),
  /** Visitors every variant must have before a winner is declared (500 unless told). */
  minVisitors: z.number().int().min(50).max(1_000_000).optional(),
});
export type TCreateExperimentBody = z.infer<typeof ZCreateExperimentBody>;

export const ZExperimentVariant = z.object({
  name: z.string(),
  weight: z.number(),
  visitors: z.number(),
  conversions: z.number(),
  /** Conversions per visitor, 0 to 1. */
  rate: z.number(),
  /** The rate's 95% credible interval. */
  interval: z.tuple([z.number(), z.number()]),
  /** The Bayesian chance that this variant's true rate is the highest, 0 to 1. */
  chanceToBeBest: z.number(),
});

export const ZExperiment = z.object({
  id: z.string(),
  domainId: z.string(),
  domainName: z.string(),
  goal: ZExperimentGoal,
  status: z.enum(["running", "stopped"]),
  /** The variant that won and became the page, if any. */
  winner: z.string().nullable(),
  threshold: z.number(),
  minVisitors: z.number(),
  createdAt: z.string(),
  stoppedAt: z.string().nullable(),
  variants: z.array(ZExperimentVariant),
  /** Sample-ratio mismatch check: a p-value under 0.001 means the split is broken. */
  srm: z.object({ pValue: z.number(), ok: z.boolean() }),
  /**
   * Where the counted visitors came from: how many networks (/24 for IPv4, /48 for IPv6), the
   * share of visitors the busiest ten brought, and whether that is more than half: such a
   * concentrated test declares no winner.
   */
  traffic: z.object({
    networks: z.number().int(),
    topVisitorShare: z.number(),
    concentrated: z.boolean(),
  }),
});
export type TExperiment = z.infer<typeof ZExperiment>;

export const ZExperimentIdParam = z.object({ id: z.uuid("Unknown split test") });
export const ZExperimentListQuery = z.object({ domainId: z.uuid("Unknown domain").optional() });
/** `POST /api/experiments/{id}/stop`: ends the test; a named winner becomes the page. */
export const ZStopExperimentBody = z.object({ winner: z.string().trim().max(40).optional() });

export const EXPERIMENT_PATHS = {
  list: "/api/experiments",
  one: "/api/experiments/:id",
  stop: "/api/experiments/:id/stop",
} as const;

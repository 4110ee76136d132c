import { z } from "zod";
import { AD_NETWORKS } from "../../catalog";
import { DOMAIN_STATUSES } from "../domains";
import { ZPageLimit, ZTimeCursor } from "./common";

/**
 * `GET /api/v1/domains` (and `GET /api/domains?limit=`): the portfolio newest first, a page at a
 * time, optionally only one status or ad network, or names containing `q`.
 */
export const ZDomainListQuery = z.object({
  limit: ZPageLimit,
  cursor: ZTimeCursor.optional(),
  status: z.enum(DOMAIN_STATUSES).optional().meta({ description: "Only domains of this status." }),
  adNetwork: z.enum(AD_NETWORKS).optional().meta({ description: "Only domains on this ad network." }),
  q: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .optional()
    .meta({ description: "Only names containing this text (any case).", example: "car" }),
});
export type TDomainListQuery = z.output<typeof ZDomainListQuery>;

import { z } from "zod";
import { AD_NETWORKS } from "../../catalog";
import { ZSignedMoney } from "../../money";
import type { TParkingImportResult } from "../parking";

/** What a parking-report import answers (the same as Domains → Import report). */
export const ZParkingImportResult = z
  .object({
    network: z.enum(AD_NETWORKS),
    rowsRead: z.number().int(),
    imported: z.number().int(),
    totalRevenue: ZSignedMoney,
    firstDay: z.string().nullable(),
    lastDay: z.string().nullable(),
    skippedCount: z.number().int(),
    skipped: z.array(z.object({ line: z.number().int(), domain: z.string(), reason: z.string() })),
    matchedDomains: z.number().int(),
    unknownDomains: z.array(z.object({ name: z.string(), rows: z.number().int(), firstDay: z.string() })),
    unknownDomainCount: z.number().int(),
  })
  .meta({ id: "ParkingImportResult" }) satisfies z.ZodType<TParkingImportResult>;

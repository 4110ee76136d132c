import { z } from "zod";
import { ZMoney } from "../../money";
import { ZDay, ZPageLimit, ZTimeIdCursor } from "./common";

/** `GET /api/v1/leads`: leads captured on the owner's domains, newest first, a page at a time. */
export const ZLeadsQuery = z
  .object({
    from: ZDay.optional().meta({ description: "First day (UTC), included." }),
    to: ZDay.optional().meta({ description: "Last day (UTC), included." }),
    domainId: z.uuid().optional().meta({ description: "Only leads of this domain." }),
    limit: ZPageLimit,
    cursor: ZTimeIdCursor.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, "from must not be after to");
export type TLeadsQuery = z.output<typeof ZLeadsQuery>;

export const ZApiLead = z
  .object({
    id: z.string(),
    domainId: z.string(),
    domainName: z.string(),
    email: z.string(),
    zipCode: z.string(),
    city: z.string(),
    state: z.string(),
    /** What the owner was credited, decimal string. */
    value: ZMoney.meta({ example: "75.00" }),
    returned: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "Lead" });
export type TApiLead = z.infer<typeof ZApiLead>;

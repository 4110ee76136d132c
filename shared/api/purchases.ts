import { z } from "zod";

/** What every purchase path answers (201): the new pending order and where to pay for it. */
export const ZPurchaseAnswer = z.object({ orderId: z.string(), checkoutUrl: z.string() });
export type TPurchaseAnswer = z.infer<typeof ZPurchaseAnswer>;

import type { Tx } from "../../db/tx";
import { notify } from "../notifications/notify";

/** Tells one side of an escrow sale what happened, linking to the sale. */
export async function tellSale(tx: Tx, userId: string, title: string, body: string, id: string) {
  await notify(tx, { userId, kind: "marketplace_sale", title, body, href: `/marketplace/deals/${id}` });
}

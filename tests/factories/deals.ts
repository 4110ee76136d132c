import type { Express } from "express";
import type { Db } from "../../server/db/pool";
import { insertDomain } from "./domains";
import { signUp } from "./users";

/** A seller with one verified domain listed at `price`, and a buyer, both signed in. */
export async function sellerAndBuyer(app: Express, db: Db, price = "1000.00") {
  const seller = await signUp(app);
  const buyer = await signUp(app);
  const domain = await insertDomain(db, seller.user.id, { marketplacePrice: price, listedAt: new Date() });
  return { seller, buyer, domain };
}

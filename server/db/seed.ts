import { eq, sql } from "drizzle-orm";
import { balances, users } from "../../shared/schema";
import { hashPassword } from "../modules/auth/password";
import type { Db } from "./pool";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "demo-password";

/** (Re)creates the demo account. */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(sql`lower(${users.email})`, DEMO_EMAIL));
    const [user] = await tx
      .insert(users)
      .values({
        name: "Demo Owner",
        username: "demo",
        email: DEMO_EMAIL,
        passwordHash,
        timeZone: "America/New_York",
        referralCode: "demo-ref",
      })
      .returning();
    await tx.insert(balances).values({ userId: user.id });
  });
}

/** Seeds the demo account on a database that has no users yet; true when it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;
  await seedDemo(db);
  return true;
}

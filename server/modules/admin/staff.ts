import { eq, inArray, sql } from "drizzle-orm";
import { users } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";

/** Makes the account with `email` staff (or an ordinary user again); answers its address, or undefined when none uses it. */
export async function setStaff(db: DbOrTx, email: string, staff: boolean): Promise<string | undefined> {
  const [updated] = await db
    .update(users)
    .set({ role: staff ? "staff" : "user" })
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .returning({ email: users.email });
  return updated?.email;
}

/** ADMIN_EMAILS at start: the accounts that already exist become staff (new ones do on register). */
export async function grantAdminEmails(db: DbOrTx, emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .update(users)
    .set({ role: "staff" })
    .where(inArray(sql`lower(${users.email})`, emails));
}

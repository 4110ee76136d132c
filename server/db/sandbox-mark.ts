import { eq } from "drizzle-orm";
import { databaseMarks } from "../../shared/schema";
import type { DbOrTx } from "./tx";

const SANDBOX = "sandbox";

/** Marks the database a sandbox (development or test data), saying why; a second mark keeps the first. */
export async function markSandbox(db: DbOrTx, detail: string): Promise<void> {
  await db.insert(databaseMarks).values({ name: SANDBOX, detail }).onConflictDoNothing();
}

/** Whether the database itself says it is a sandbox: the environment alone never does. */
export async function isSandboxDatabase(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select().from(databaseMarks).where(eq(databaseMarks.name, SANDBOX));
  return row !== undefined;
}

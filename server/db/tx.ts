import type { Db } from "./pool";

/** A Drizzle transaction, or the database itself where no transaction is needed. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

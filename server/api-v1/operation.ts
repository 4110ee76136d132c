import type { z } from "zod";
import type { TApiKeyScope } from "../../shared/api/api-keys";
import type { Database, Db } from "../db/pool";
import type { Config } from "../lib/config";
import type { OwnershipChecker } from "../modules/domains/check-ownership";

/** What the public API's operations need of the app. */
export interface ApiDeps {
  db: Db;
  database: Pick<Database, "engine">;
  ownership: OwnershipChecker;
  config: Pick<Config, "nameserverPool">;
}

/** What an operation's function is given: the key's owner and the parsed input. */
export interface OperationInput<P, Q, B> {
  deps: ApiDeps;
  userId: string;
  params: P;
  query: Q;
  body: B;
}

/** An answer that is already JSON text (built by the database), sent as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * One operation of the public API, declared once: the router serves it and the OpenAPI
 * document describes it from the same schemas, so the two cannot drift apart.
 */
export interface Operation {
  method: "get" | "post" | "patch" | "delete";
  /** Express style, under /api/v1: "/domains/:id". */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  scope: TApiKeyScope;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** "csv": the body is a CSV file (`Content-Type: text/csv`). */
  bodyType?: "json" | "csv";
  /** The success status and its answer's schema (none for 204). */
  status: 200 | 201 | 204;
  answer?: z.ZodType;
  /** A request that works on a portfolio with data: path, query and body as a caller sends them. */
  example: { params?: Record<string, string>; query?: Record<string, string | number>; body?: unknown };
  run(input: OperationInput<unknown, unknown, unknown>): Promise<unknown>;
}

/** Declares an operation with its input types inferred from its schemas. */
export function operation<
  P extends z.ZodObject | undefined,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
>(
  op: Omit<Operation, "params" | "query" | "body" | "run"> & {
    params?: P;
    query?: Q;
    body?: B;
    run(
      input: OperationInput<
        P extends z.ZodType ? z.output<P> : undefined,
        Q extends z.ZodType ? z.output<Q> : undefined,
        B extends z.ZodType ? z.output<B> : undefined
      >,
    ): Promise<unknown>;
  },
): Operation {
  return op as Operation;
}

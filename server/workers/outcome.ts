import type { ErrorCode } from "../../shared/errors";
import { AppError } from "../http/app-error";

/**
 * What a worker thread answers. An `AppError` crosses back as its code and message (a thrown
 * error loses its class and code on the way between threads), so the user sees the same 4xx.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; message: string };

/** Runs a task inside a worker, turning the `AppError` it throws into an answer. */
export async function settle<T>(task: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await task() };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

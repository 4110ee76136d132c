import type { FieldErrors, FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-error";

/**
 * Puts the field issues of a refused request (`ApiError.issues`) at the form's fields of the
 * same path, the first one focused. Issues naming no field of `fields` are left to the caller's
 * toast. Answers whether any issue was placed.
 */
export function showServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const issue of error.issues) {
    const name = issue.path.join(".") as FieldPath<T>;
    if (!fields.includes(name)) continue;
    setError(name, { type: "server", message: issue.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/** The message of the first field in `order` that has an error, for a form that also raises a toast. */
export function firstFieldError<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly FieldPath<T>[],
): string | undefined {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === "string" && message) return message;
  }
  return undefined;
}

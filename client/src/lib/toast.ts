import type { ToastInput } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api-error";

/**
 * Shows a toast; the one toast helper of the client. The toast system (store, toaster, Radix)
 * is downloaded when the first toast is raised, so pages that raise none never load it.
 */
export function toast(input: ToastInput): void {
  void import("@/components/ui/toast-root").then((root) => root.showToast(input));
}

/** The spec's generic failure toast: "Error" and the server's reason, or `fallback` without one. */
export function toastError(error: unknown, fallback = "Please try again."): void {
  toast({ variant: "destructive", title: "Error", description: apiErrorMessage(error, fallback) });
}

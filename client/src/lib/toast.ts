import type { ToastInput } from "@/components/ui/use-toast";

/**
 * Shows a toast; the one toast helper of the client. The toast system (store, toaster, Radix)
 * is downloaded when the first toast is raised, so pages that raise none never load it.
 */
export function toast(input: ToastInput): void {
  void import("@/app/toast-root").then((root) => root.showToast(input));
}

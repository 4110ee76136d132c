import { createRoot } from "react-dom/client";
import { Toaster } from "@/components/ui/toaster";
import { type ToastInput, toast } from "@/components/ui/use-toast";

let mounted = false;

/**
 * Mounts the toaster on first use in its own root, `#toasts` of index.html. That element is in
 * the page from the start and carries `aria-live`: an open dialog hides everything else from
 * assistive technology except live regions present when it opened, so a toast raised from a
 * dialog stays readable ("off" because the toasts announce themselves).
 */
export function showToast(input: ToastInput): void {
  if (!mounted) {
    const container = document.getElementById("toasts");
    if (container) createRoot(container).render(<Toaster />);
    mounted = true;
  }
  toast(input);
}

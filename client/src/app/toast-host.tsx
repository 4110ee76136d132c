import { lazy, Suspense, useEffect, useState } from "react";
import { useToast } from "@/components/ui/use-toast";

const loadToaster = () => import("@/components/ui/toaster");
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

const INTERACTIONS = ["pointerdown", "keydown", "focusin"] as const;

/**
 * Mounts the toaster the first time a toast is shown, so that a page nobody interacts with
 * never downloads it. Toasts follow interactions, so the first interaction fetches it ahead.
 */
export function ToastHost() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);

  useEffect(() => {
    const preload = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, preload, true);
      void loadToaster();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, preload, { capture: true, passive: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, preload, true);
    };
  }, []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

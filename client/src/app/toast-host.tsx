import { lazy, Suspense, useState } from "react";
import { useToast } from "@/components/ui/use-toast";

const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/** Mounts the toaster the first time a toast is shown, so that pages without toasts don't download it. */
export function ToastHost() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

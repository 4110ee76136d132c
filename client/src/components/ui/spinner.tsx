import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/cn";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center justify-center">
      <LoaderCircle aria-hidden="true" className={cn("size-6 animate-spin text-primary", className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the whole viewport (route and session loading). */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh w-full items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}

import { LoaderCircle } from "lucide-react";

/**
 * A turning circle. `className` gives its whole look (size and colour), so nothing needs merging:
 * the page spinner is on every route, the public ones included.
 */
export function Spinner({
  className = "size-6 text-primary",
  label = "Loading",
}: {
  className?: string;
  label?: string;
}) {
  return (
    <span role="status" className="inline-flex items-center justify-center">
      <LoaderCircle aria-hidden="true" className={`animate-spin ${className}`} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the whole viewport (route and session loading). */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh w-full items-center justify-center">
      <Spinner className="size-8 text-primary" label={label} />
    </div>
  );
}

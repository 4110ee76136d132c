import { clsx } from "clsx";

/** The ParkPilot logo: a mark and the word. */
export function BrandMark({
  className,
  label = "ParkPilot",
  small = false,
}: {
  className?: string;
  label?: string;
  /** The word at body size, for a compact header. */
  small?: boolean;
}) {
  // Joined without class merging: the public pages show the logo too.
  const size = small ? "text-base" : "text-lg";
  return (
    <span className={clsx("inline-flex items-center gap-2.5 font-bold tracking-tight", size, className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-emerald-500" />
        <path
          d="M11 23V9h6a5 5 0 0 1 0 10h-6"
          fill="none"
          stroke="white"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {label}
    </span>
  );
}

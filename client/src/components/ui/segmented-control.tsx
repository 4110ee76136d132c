import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";

export type SegmentedOption<T extends string> = { value: T; label: string; icon?: LucideIcon };

/**
 * A row of mutually exclusive buttons (a range, a view): the chosen one is pressed. `label`
 * names the group for assistive technology.
 */
export function SegmentedControl<T extends string>(props: {
  label: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  size?: "sm" | "default";
  className?: string;
}) {
  const small = props.size === "sm";
  return (
    <fieldset className={cn("inline-flex rounded-lg border bg-card p-1 shadow-xs", props.className)}>
      <legend className="sr-only">{props.label}</legend>
      {props.options.map(({ value, label, icon: Icon }) => {
        const active = value === props.value;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={active}
            onClick={() => props.onChange(value)}
            className={cn(
              "inline-flex cursor-pointer items-center gap-1.5 rounded-md font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4",
              small ? "h-7 px-2.5 text-xs" : "h-8 px-3 text-sm",
              active ? "bg-emerald-700 text-white shadow-sm" : "text-slate-600 hover:bg-muted",
            )}
          >
            {Icon && <Icon aria-hidden="true" />}
            {label}
          </button>
        );
      })}
    </fieldset>
  );
}

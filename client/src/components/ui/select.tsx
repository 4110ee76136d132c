import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { inputClassName } from "./input";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<ComponentProps<"select">, "children"> & {
  options: readonly SelectOption[];
  /** Shown as a disabled first option while nothing is chosen. */
  placeholder?: string;
  onValueChange?: (value: string) => void;
};

/** A styled native select: keyboard, screen-reader and mobile pickers work as the platform does. */
export function Select({ className, options, placeholder, onValueChange, onChange, ...props }: SelectProps) {
  return (
    <div className={cn("relative", className)}>
      <select
        className={cn(inputClassName, "cursor-pointer appearance-none pr-9")}
        onChange={(event) => {
          onChange?.(event);
          onValueChange?.(event.target.value);
        }}
        {...props}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

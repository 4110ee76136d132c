import { clsx } from "clsx";
import type { ComponentProps } from "react";

export function Label({ className, htmlFor, ...props }: ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or nest the control
    <label
      htmlFor={htmlFor}
      className={clsx(
        "font-medium text-foreground text-sm leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70",
        className,
      )}
      {...props}
    />
  );
}

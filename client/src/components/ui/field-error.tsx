import { clsx } from "clsx";
import type { ComponentProps } from "react";

/** Inline error text under a field; link it to the field with `aria-describedby`. */
export function FieldError({ className, children, ...props }: ComponentProps<"p">) {
  if (!children) return null;
  return (
    <p role="alert" className={clsx("font-medium text-destructive text-sm", className)} {...props}>
      {children}
    </p>
  );
}

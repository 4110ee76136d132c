import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** Inline error text under a field; link it to the field with `aria-describedby`. */
export function FieldError({ className, children, ...props }: ComponentProps<"p">) {
  if (!children) return null;
  return (
    <p role="alert" className={cn("font-medium text-destructive text-sm", className)} {...props}>
      {children}
    </p>
  );
}

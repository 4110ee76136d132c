import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";

// Heights and type sizes are variants, so callers add only layout and no class-merging is needed
// (the landing page's form uses inputs too).
const inputVariants = cva(
  "flex w-full rounded-md border border-input bg-card px-3 py-2 text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/20",
  {
    variants: {
      fieldSize: {
        default: "h-10 text-base md:text-sm",
        lg: "h-12 text-base md:text-sm",
        /** Text to copy, such as a link or a record value. */
        code: "h-10 font-mono text-sm",
      },
    },
    defaultVariants: { fieldSize: "default" },
  },
);

/** The field look shared by inputs, text areas and selects. */
export const inputClassName = inputVariants();

export function Input({
  className,
  type = "text",
  fieldSize,
  ...props
}: ComponentProps<"input"> & VariantProps<typeof inputVariants>) {
  return <input type={type} className={inputVariants({ fieldSize, className })} {...props} />;
}

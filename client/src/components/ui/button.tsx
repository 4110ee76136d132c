import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";

/**
 * Every look a button has is a variant here, so a caller adds only layout (width, margins) and
 * never a class that fights a variant's. That keeps the class-merging library off the public
 * pages, which use buttons too.
 */
export const buttonVariants = cva(
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary font-medium text-primary-foreground shadow-sm hover:bg-primary-hover",
        destructive:
          "bg-destructive font-medium text-destructive-foreground shadow-sm hover:bg-destructive/90",
        outline: "border border-input bg-card font-medium text-foreground shadow-sm hover:bg-muted",
        secondary: "bg-secondary font-medium text-secondary-foreground hover:bg-slate-200",
        ghost: "font-medium text-foreground hover:bg-muted",
        /** A quiet action that removes something: grey until pointed at. */
        "ghost-remove": "font-medium text-slate-400 hover:bg-muted hover:text-red-600",
        /** A ghost button whose action deletes. */
        "ghost-danger": "font-medium text-red-600 hover:bg-red-50",
        link: "h-auto px-0 font-medium text-primary underline-offset-4 hover:underline",
        "link-strong": "h-auto px-0 font-semibold text-primary underline-offset-4 hover:underline",
        /** Gold, on the dark upgrade card. */
        upgrade: "bg-amber-400 font-medium text-slate-900 shadow-sm hover:bg-amber-300",
        /** White on the green closing band of the landing page. */
        inverse: "bg-white font-medium text-emerald-700 shadow-lg hover:bg-emerald-50",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-8 rounded-md px-3 text-xs",
        md: "h-9 rounded-md px-3 text-xs",
        lg: "h-12 rounded-lg px-6 text-base",
        xl: "h-13 rounded-lg px-8 text-base",
        icon: "size-10",
        "icon-sm": "size-8",
        "icon-xs": "size-7 p-0",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

/** A button. For a link that looks like a button, put `buttonVariants()` on the link instead. */
export function Button({ className, variant, size, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}

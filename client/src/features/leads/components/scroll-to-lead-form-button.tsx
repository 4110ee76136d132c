import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { LEAD_EMAIL_FIELD_ID } from "./lead-form-ids";

/** Scrolls smoothly back to the lead form's email field and puts the cursor in it. */
export function ScrollToLeadFormButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  function handleClick() {
    const field = document.getElementById(LEAD_EMAIL_FIELD_ID);
    if (!field) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    field.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "center" });
    field.focus({ preventScroll: true });
  }
  return (
    <Button onClick={handleClick} {...props}>
      {children}
    </Button>
  );
}

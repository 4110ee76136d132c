import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";

/**
 * The small button that cancels something the user started (an order, an email change waiting
 * for its link): quiet beside the way forward, and disabled while the cancellation is on its way
 * so that it is sent once.
 */
export function CancelButton({
  pending,
  onClick,
  variant = "ghost",
  children,
}: {
  pending: boolean;
  onClick: () => void;
  variant?: ButtonProps["variant"];
  children: ReactNode;
}) {
  return (
    <Button size="sm" variant={variant} disabled={pending} onClick={onClick}>
      {children}
    </Button>
  );
}

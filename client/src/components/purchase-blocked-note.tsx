import { Lock } from "lucide-react";
import { OWNER_BUYS_ONLY, type PurchaseBlock } from "@/lib/can-purchase";
import { cn } from "@/lib/cn";

/** The visible reason a team member's purchase buttons are disabled; nothing for the owner. */
export function PurchaseBlockedNote({
  block,
  className,
}: {
  block: PurchaseBlock | null;
  className?: string;
}) {
  if (!block) return null;
  return (
    <p
      id={block.reasonId}
      className={cn("flex items-center gap-1.5 text-muted-foreground text-xs", className)}
      data-testid="purchase-blocked"
    >
      <Lock aria-hidden="true" className="size-3.5 shrink-0" />
      {OWNER_BUYS_ONLY}
    </p>
  );
}

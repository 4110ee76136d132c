import { Lock } from "lucide-react";
import { cloneElement, type ReactElement } from "react";
import type { RoleBlock } from "@/lib/can-purchase";
import { cn } from "@/lib/cn";

/**
 * The visible reason a team member's buttons are disabled (`RoleBlock`), once for each note the
 * blocks point to; nothing when none is blocked.
 */
export function PurchaseBlockedNote({
  block,
  className,
}: {
  block: RoleBlock | null | readonly (RoleBlock | null)[];
  className?: string;
}) {
  const blocks = (Array.isArray(block) ? block : [block]).filter((b): b is RoleBlock => b !== null);
  const notes = blocks.filter((b, i) => blocks.findIndex((o) => o.reasonId === b.reasonId) === i);
  return notes.map((note) => (
    <p
      key={note.reasonId}
      id={note.reasonId}
      className={cn("flex items-center gap-1.5 text-muted-foreground text-xs", className)}
      data-testid="blocked-reason"
    >
      <Lock aria-hidden="true" className="size-3.5 shrink-0" />
      {note.reason}
    </p>
  ));
}

/**
 * A dialog's trigger while its action is blocked: the same button, disabled, above its note, in
 * place of the dialog that would only meet the server's refusal.
 */
export function BlockedTrigger({
  block,
  children,
}: {
  block: RoleBlock;
  children: ReactElement<RoleBlock["button"]>;
}) {
  return (
    <div className="grid justify-items-end gap-1">
      {cloneElement(children, block.button)}
      <PurchaseBlockedNote block={block} />
    </div>
  );
}

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ComponentProps, type FormEvent, type ReactNode, useRef } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./button";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn(
        "fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
        className,
      )}
      {...props}
    />
  );
}

export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  // Radix returns focus to a DialogTrigger; a dialog opened from a plain button (controlled)
  // has none, so focus goes back to whatever held it when the dialog opened.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-popover p-6 text-popover-foreground shadow-xl data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in",
          className,
        )}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented && opener.current?.isConnected) {
            event.preventDefault();
            opener.current.focus();
          }
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 cursor-pointer rounded-sm p-1 text-muted-foreground opacity-80 transition hover:bg-muted hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-6 text-left", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}

/** A form dialog's footer: Cancel, which closes it, then the dialog's own action. */
export function DialogActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </DialogFooter>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn("font-semibold text-lg leading-tight tracking-tight", className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn("text-muted-foreground text-sm", className)} {...props} />
  );
}

/**
 * A dialog with its header: the title, an optional description and an icon tile above them,
 * then the body. `trigger` (a button) opens it; without one the caller opens it through `open`.
 */
export function DialogShell(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** E.g. `break-all` for a title that is a long name. */
  titleClassName?: string;
  description?: ReactNode;
  icon?: ReactNode;
  trigger?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger && <DialogTrigger asChild>{props.trigger}</DialogTrigger>}
      <DialogContent className={props.className}>
        <DialogHeader>
          {props.icon}
          <DialogTitle className={props.titleClassName}>{props.title}</DialogTitle>
          {props.description && <DialogDescription>{props.description}</DialogDescription>}
        </DialogHeader>
        {props.children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A dialog around one form: the header, the fields, then Cancel and the form's own submit
 * button(s). `formLabel` names the form for assistive technology; Cancel closes the dialog unless
 * `onCancel` does something else first.
 */
export function FormDialog(
  props: Omit<Parameters<typeof DialogShell>[0], "children"> & {
    formLabel: string;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onCancel?: () => void;
    submit: ReactNode;
    children: ReactNode;
  },
) {
  const { formLabel, onSubmit, onCancel, submit, children, ...shell } = props;
  // Told to close, the dialog still shows until its closing animation ends (a frame or more on a
  // busy device): its form takes no input meanwhile, so a second click on its action sends nothing.
  const closing = !shell.open;
  return (
    <DialogShell {...shell}>
      <form
        className="grid gap-4"
        onSubmit={closing ? (event) => event.preventDefault() : onSubmit}
        inert={closing}
        noValidate
        aria-label={formLabel}
      >
        {children}
        <DialogActions onCancel={onCancel ?? (() => shell.onOpenChange(false))}>{submit}</DialogActions>
      </form>
    </DialogShell>
  );
}

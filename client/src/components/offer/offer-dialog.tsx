import type { OfferBody, OfferKey } from "@shared/catalog";
import { CreditCard, type LucideIcon } from "lucide-react";
import {
  type ButtonHTMLAttributes,
  cloneElement,
  type FormEvent,
  isValidElement,
  type ReactNode,
  useState,
} from "react";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogShell } from "@/components/ui/dialog";
import { usePurchaseBlock } from "@/lib/can-purchase";
import { formatMoney } from "@/lib/format";
import { toastPurchaseFailure, useOpenCheckout, usePurchaseOffer } from "@/lib/purchase-offer";

/**
 * The frame of a catalogue offer's dialog: its fields, the total, and a buy button disabled
 * until the selection is complete. Buying creates the order and opens its checkout (the success
 * message waits for the payment); `onPurchased` resets the selection. On failure the dialog stays open.
 * A team member working in someone else's portfolio gets the trigger disabled, with the reason.
 */
export function OfferDialog<K extends OfferKey>(props: {
  offerKey: K;
  trigger: ReactNode;
  icon: LucideIcon;
  title: string;
  description: string;
  /** The total from the catalogue, or null while the selection is incomplete. */
  price: string | null;
  /** Shown after the total, e.g. "/month". */
  priceSuffix?: string;
  /** The request body, or null while the selection is incomplete. */
  body: OfferBody<K> | null;
  buyLabel: string;
  onPurchased?: () => void;
  /** The dialog's width classes, when not the default. */
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const purchase = usePurchaseOffer(props.offerKey);
  const openCheckout = useOpenCheckout();
  const block = usePurchaseBlock();
  const Icon = props.icon;

  if (block) {
    const { trigger } = props;
    return (
      <>
        {isValidElement<ButtonHTMLAttributes<HTMLButtonElement>>(trigger) ? (
          cloneElement(trigger, block.button)
        ) : (
          <Button {...block.button}>{trigger}</Button>
        )}
        <PurchaseBlockedNote block={block} />
      </>
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!props.body || purchase.isPending) return;
    purchase.mutate(props.body, {
      onSuccess: (answer) => {
        props.onPurchased?.();
        setOpen(false);
        openCheckout(answer);
      },
      onError: () => toastPurchaseFailure(props.offerKey),
    });
  }

  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={props.trigger}
      className={props.className ?? "sm:max-w-lg"}
      title={props.title}
      description={props.description}
      icon={
        <span className="mb-1 flex size-10 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      }
    >
      <form className="grid gap-5" onSubmit={handleSubmit} aria-label={props.title}>
        {props.children}
        <div className="flex items-baseline justify-between rounded-lg border border-emerald-100 bg-emerald-50/60 px-4 py-3">
          <span className="font-medium text-slate-600 text-sm">Total</span>
          <span className="font-bold text-lg text-slate-900 tabular-nums" data-testid="offer-total">
            {props.price === null ? "—" : formatMoney(props.price)}
            {props.price !== null && props.priceSuffix && (
              <span className="font-normal text-muted-foreground text-sm">{props.priceSuffix}</span>
            )}
          </span>
        </div>
        <DialogActions onCancel={() => setOpen(false)}>
          <Button type="submit" disabled={!props.body || purchase.isPending}>
            <CreditCard aria-hidden="true" />
            {purchase.isPending ? "Processing..." : props.buyLabel}
          </Button>
        </DialogActions>
      </form>
    </DialogShell>
  );
}

import type { TDomain } from "@shared/api/domains";
import type { LucideIcon } from "lucide-react";
import { type FormEvent, type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { formatMoney } from "@/lib/format";

/** One labelled choice of a booster dialog. */
export function BoosterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
    </div>
  );
}

/**
 * The frame every Marketplace Revenue Booster shares: the card's trigger, a domain picker, the
 * booster's own options, the price, and a purchase button disabled until a domain is chosen.
 */
export function BoosterDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  icon: LucideIcon;
  title: string;
  description: string;
  domains: readonly TDomain[];
  domainId: string;
  onDomainChange: (domainId: string) => void;
  price: string;
  priceNote?: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const Icon = props.icon;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.domainId && !props.isPending) props.onSubmit();
  };
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogTrigger asChild>{props.trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <div className="mb-1 flex size-10 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600">
            <Icon aria-hidden="true" className="size-5" />
          </div>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <BoosterField label="Domain">
            {(id) => (
              <Select
                id={id}
                value={props.domainId}
                onValueChange={props.onDomainChange}
                placeholder={props.domains.length ? "Select a domain" : "No domains in your portfolio yet"}
                options={props.domains.map((d) => ({ value: d.id, label: d.name }))}
              />
            )}
          </BoosterField>
          {props.children}
          <div className="flex items-baseline justify-between rounded-lg border border-emerald-100 bg-emerald-50/60 px-4 py-3">
            <span className="font-medium text-slate-700 text-sm">Total</span>
            <span className="font-semibold text-emerald-700 text-xl tabular-nums">
              {formatMoney(props.price)}
              {props.priceNote && (
                <span className="ml-1 font-normal text-slate-500 text-sm">{props.priceNote}</span>
              )}
            </span>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => props.onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!props.domainId || props.isPending}>
              {props.isPending && <Spinner className="size-4 text-current" label="Processing" />}
              {props.submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { Plus, Tag } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogShell } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { ValueEstimate } from "@/components/value-estimate";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { isListable, useOwnDomains } from "../api/get-own-domains";
import { useListDomain } from "../api/list-domain";

/** List Domain for Sale: one of the user's listable domains at an asking price. */
export function ListDomainDialog() {
  const domains = useOwnDomains().data ?? [];
  const [open, setOpen] = useState(false);
  const [domainId, setDomainId] = useState("");
  const [price, setPrice] = useState("");
  const listDomain = useListDomain();
  const domainField = useId();
  const priceField = useId();
  const listable = domains.filter(isListable);
  const canSubmit = domainId !== "" && price.trim() !== "" && !listDomain.isPending;

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setDomainId("");
      setPrice("");
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const name = listable.find((d) => d.id === domainId)?.name ?? "Your domain";
    listDomain.mutate(
      { domainId, price: price.trim() },
      {
        onSuccess: (answer) => {
          changeOpen(false);
          toast({
            title: "Domain Listed!",
            description: `${name} is now listed for sale at ${formatMoney(answer.price)}.`,
          });
        },
        onError: () =>
          toast({
            title: "Error",
            description: "Failed to list domain. Please try again.",
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          List Domain for Sale
        </Button>
      }
      title="List Domain for Sale"
      description="Buyers see the asking price, traffic and parking revenue, and contact you through the marketplace."
      icon={
        <div className="mb-1 flex size-10 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600">
          <Tag aria-hidden="true" className="size-5" />
        </div>
      }
    >
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={domainField}>Domain</Label>
          <Select
            id={domainField}
            value={domainId}
            onValueChange={setDomainId}
            placeholder={listable.length ? "Select a domain" : "No domains available to list"}
            options={listable.map((d) => ({ value: d.id, label: d.name }))}
          />
          {listable.length === 0 && (
            <p className="text-muted-foreground text-sm">
              {domains.length ? "Every domain you own is already listed. " : "You have no domains yet. "}
              <Link href="/domains" className="font-medium text-primary hover:underline">
                Add a domain
              </Link>{" "}
              to list it here.
            </p>
          )}
          <ValueEstimate name={listable.find((d) => d.id === domainId)?.name ?? ""} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={priceField}>Asking price (USD)</Label>
          <div className="relative">
            <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground text-sm">
              $
            </span>
            <Input
              id={priceField}
              type="number"
              inputMode="decimal"
              min="0.01"
              max="10000000"
              step="0.01"
              placeholder="0.00"
              className="pl-7"
              value={price}
              onChange={(event) => setPrice(event.target.value)}
            />
          </div>
        </div>
        <DialogActions onCancel={() => changeOpen(false)}>
          <Button type="submit" disabled={!canSubmit}>
            {listDomain.isPending && <Spinner className="size-4 text-current" label="Listing" />}
            List Domain
          </Button>
        </DialogActions>
      </form>
    </DialogShell>
  );
}

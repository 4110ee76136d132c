import { zodResolver } from "@hookform/resolvers/zod";
import { marketplacePaths, ZListDomainBody } from "@shared/api/marketplace/listings";
import { Plus, Tag } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { BlockedTrigger } from "@/components/purchase-blocked-note";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogShell } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { ValueEstimate } from "@/components/value-estimate";
import { useRouteBlock } from "@/lib/can-purchase";
import { showServerIssues } from "@/lib/form-errors";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { isListable, useOwnDomains } from "../api/get-own-domains";
import { useListDomain } from "../api/list-domain";

type TListForm = z.input<typeof ZListDomainBody>;
const EMPTY: TListForm = { domainId: "", price: "" };
const FIELDS = ["domainId", "price"] as const;

/** List Domain for Sale: one of the user's listable domains at an asking price. */
export function ListDomainDialog() {
  const domains = useOwnDomains().data ?? [];
  const [open, setOpen] = useState(false);
  // The request's own schema; the price stays the decimal string typed.
  const form = useForm<TListForm, unknown, z.output<typeof ZListDomainBody>>({
    resolver: zodResolver(ZListDomainBody),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const [domainId, price] = form.watch(["domainId", "price"]);
  const listDomain = useListDomain();
  const block = useRouteBlock("POST", marketplacePaths.list);
  const domainField = useId();
  const priceField = useId();
  const listable = domains.filter(isListable);
  const canSubmit = domainId !== "" && String(price).trim() !== "" && !listDomain.isPending;
  const describedBy = (name: (typeof FIELDS)[number], id: string) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset(EMPTY);
  };
  const list = (body: z.output<typeof ZListDomainBody>) => {
    const name = listable.find((d) => d.id === body.domainId)?.name ?? "Your domain";
    listDomain.mutate(body, {
      onSuccess: (answer) => {
        changeOpen(false);
        toast({
          title: "Domain Listed!",
          description: `${name} is now listed for sale at ${formatMoney(answer.price)}.`,
        });
      },
      onError: (error) => {
        showServerIssues(error, form.setError, FIELDS);
        toast({
          title: "Error",
          description: "Failed to list domain. Please try again.",
          variant: "destructive",
        });
      },
    });
  };

  const trigger = (
    <Button>
      <Plus aria-hidden="true" />
      List Domain for Sale
    </Button>
  );
  if (block) return <BlockedTrigger block={block}>{trigger}</BlockedTrigger>;
  return (
    <DialogShell
      open={open}
      onOpenChange={changeOpen}
      trigger={trigger}
      title="List Domain for Sale"
      description="Buyers see the asking price, traffic and parking revenue, and contact you through the marketplace."
      icon={
        <div className="mb-1 flex size-10 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600">
          <Tag aria-hidden="true" className="size-5" />
        </div>
      }
    >
      <form
        onSubmit={(event) => {
          // Enter in a field does nothing until the button is enabled, as clicking it would.
          if (!canSubmit) event.preventDefault();
          else void form.handleSubmit(list)(event);
        }}
        className="grid gap-4"
        noValidate
      >
        <div className="grid gap-2">
          <Label htmlFor={domainField}>Domain</Label>
          <Select
            id={domainField}
            placeholder={listable.length ? "Select a domain" : "No domains available to list"}
            options={listable.map((d) => ({ value: d.id, label: d.name }))}
            {...describedBy("domainId", domainField)}
            {...form.register("domainId")}
          />
          <FieldError id={`${domainField}-error`}>{errors.domainId?.message}</FieldError>
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
              {...describedBy("price", priceField)}
              {...form.register("price")}
            />
          </div>
          <FieldError id={`${priceField}-error`}>{errors.price?.message}</FieldError>
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

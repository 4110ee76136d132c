import {
  DOMAIN_STATUS_MEANINGS,
  EARLIEST_REGISTRATION_DATE,
  NEW_DOMAIN_STATUS,
  type TAdNetwork,
  type TParkingTemplate,
} from "@shared/api/domains";
import { DEFAULT_AD_NETWORK, DEFAULT_PARKING_TEMPLATE } from "@shared/catalog";
import { Globe, Plus } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { DomainStatusBadge } from "@/components/domain-status-badge";
import { atLimit, LimitLine } from "@/components/plans/limit-line";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ValueEstimate } from "@/components/value-estimate";
import { usePlanUsage } from "@/lib/api/get-plan-usage";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useCreateDomain } from "../api/create-domain";
import { todayInput } from "../utils/today-input";
import { ParkingFields } from "./parking-fields";

const EMPTY = {
  name: "",
  adNetwork: DEFAULT_AD_NETWORK as TAdNetwork,
  nameservers: "",
  parkingTemplate: DEFAULT_PARKING_TEMPLATE as TParkingTemplate,
  /** Empty: acquired the day it is added. */
  registrationDate: "",
};

/**
 * Add Domain (docs/product.md#screens, docs/product.md#validation-and-messages): name and nameservers are trimmed; an empty name is refused with the
 * spec's toast. The dialog closes and resets on success and stays open on error, where the
 * server's reason (a name parked by someone else, say) is shown under the name.
 */
export function AddDomainDialog({ trigger }: { trigger?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [serverError, setServerError] = useState("");
  const create = useCreateDomain();
  const plan = usePlanUsage().data;
  const full = plan ? atLimit(plan.usage.domains) : false;
  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setForm(EMPTY);
      setServerError("");
    }
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = form.name.trim();
    if (!name) {
      toast({ title: "Error", description: "Domain name is required.", variant: "destructive" });
      return;
    }
    setServerError("");
    create.mutate(
      {
        ...form,
        // What the server does anyway: a new domain is pending until its ownership is proven.
        status: NEW_DOMAIN_STATUS,
        name,
        nameservers: form.nameservers.trim(),
        registrationDate: form.registrationDate || undefined,
      },
      {
        onSuccess: (domain) => {
          toast({ title: "Domain Added!", description: `${domain.name} has been added to your portfolio.` });
          changeOpen(false);
        },
        onError: (error) => {
          const reason = apiErrorMessage(error, "");
          setServerError(reason);
          // The spec's title; the server's reason when it gave one (retrying does not help a taken name).
          toast({
            title: "Error",
            description: reason || "Failed to add domain. Please try again.",
            variant: "destructive",
          });
        },
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        trigger ?? (
          <Button>
            <Plus aria-hidden="true" />
            Add Domain
          </Button>
        )
      }
      title="Add Domain"
      description="Park a domain you own. Once you prove it is yours, it starts earning from visitors and leads."
      icon={
        <span className="mb-1 flex size-10 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600">
          <Globe aria-hidden="true" className="size-5" />
        </span>
      }
      formLabel="Add Domain"
      onSubmit={submit}
      onCancel={() => changeOpen(false)}
      submit={
        <Button type="submit" disabled={create.isPending || full}>
          {create.isPending ? "Adding..." : "Add Domain"}
        </Button>
      }
    >
      <LimitLine usage={plan?.usage.domains} noun="domains" planLabel={plan?.label} />
      <div className="grid gap-2">
        <Label htmlFor="domain-name">Domain name</Label>
        <Input
          id="domain-name"
          placeholder="example.com"
          autoComplete="off"
          value={form.name}
          aria-invalid={serverError ? true : undefined}
          aria-describedby={serverError ? "domain-name-error" : undefined}
          onChange={(e) => set("name", e.target.value)}
        />
        <FieldError id="domain-name-error">{serverError}</FieldError>
        <ValueEstimate name={form.name} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ParkingFields
          idPrefix="domain"
          form={form}
          set={set}
          pairHint="To park it with us, point it at the nameserver pair drawn for it, shown on the domain once you add it."
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="domain-acquired">Acquired on (optional)</Label>
        <Input
          id="domain-acquired"
          type="date"
          min={EARLIEST_REGISTRATION_DATE}
          max={todayInput()}
          aria-describedby="domain-acquired-hint"
          value={form.registrationDate}
          onChange={(e) => set("registrationDate", e.target.value)}
        />
        <p id="domain-acquired-hint" className="text-muted-foreground text-xs">
          The P&amp;L counts the purchase price on this day; parking reports may start from it. Left empty,
          today.
        </p>
      </div>
      <div className="grid gap-1.5 rounded-lg bg-slate-50 p-3 text-sm" data-testid="new-domain-status">
        <p className="flex items-center gap-2 font-medium text-slate-900">
          Status <DomainStatusBadge status={NEW_DOMAIN_STATUS} />
        </p>
        <p className="text-slate-600 text-xs">
          {DOMAIN_STATUS_MEANINGS.pending} Once verified it becomes Active (TXT record) or Parked (ParkPilot's
          nameservers).
        </p>
      </div>
    </FormDialog>
  );
}

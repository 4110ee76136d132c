import { zodResolver } from "@hookform/resolvers/zod";
import {
  DOMAIN_PATHS,
  DOMAIN_STATUS_MEANINGS,
  EARLIEST_REGISTRATION_DATE,
  NEW_DOMAIN_STATUS,
  ZCreateDomainBody,
} from "@shared/api/domains";
import { DEFAULT_AD_NETWORK, DEFAULT_PARKING_TEMPLATE } from "@shared/catalog";
import { Globe, Plus } from "lucide-react";
import { isValidElement, type ReactElement, useState } from "react";
import { type FieldErrors, type FieldPath, useForm } from "react-hook-form";
import { z } from "zod";
import { DomainStatusBadge } from "@/components/domain-status-badge";
import { atLimit, LimitLine } from "@/components/plans/limit-line";
import { BlockedTrigger } from "@/components/purchase-blocked-note";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ValueEstimate } from "@/components/value-estimate";
import { usePlanUsage } from "@/lib/api/get-plan-usage";
import { apiErrorMessage } from "@/lib/api-error";
import { useRouteBlock } from "@/lib/can-purchase";
import { firstFieldError, showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useCreateDomain } from "../api/create-domain";
import { todayInput } from "../utils/today-input";
import { ParkingFields } from "./parking-fields";

/**
 * The request's own schema as the form holds it: every field filled in, an empty acquisition date
 * left out (acquired the day it is added). The status is not asked: a new domain is pending.
 */
const { shape } = ZCreateDomainBody;
const ZAddDomainForm = ZCreateDomainBody.omit({ status: true }).extend({
  adNetwork: shape.adNetwork.unwrap(),
  nameservers: z.string().pipe(shape.nameservers.unwrap()),
  parkingTemplate: shape.parkingTemplate.unwrap(),
  registrationDate: z
    .string()
    .transform((value) => value || undefined)
    .pipe(shape.registrationDate),
});
type TAddDomainForm = z.input<typeof ZAddDomainForm>;

const EMPTY: TAddDomainForm = {
  name: "",
  adNetwork: DEFAULT_AD_NETWORK,
  nameservers: "",
  parkingTemplate: DEFAULT_PARKING_TEMPLATE,
  registrationDate: "",
};

/** Every field of the form, where the server's issues are shown. */
const FIELDS = [
  "name",
  "adNetwork",
  "parkingTemplate",
  "nameservers",
  "registrationDate",
] as const satisfies readonly FieldPath<TAddDomainForm>[];

/**
 * Add Domain (docs/product.md#screens, docs/product.md#validation-and-messages): name and nameservers are trimmed; an empty name is refused with the
 * spec's toast. The dialog closes and resets on success and stays open on error, where the
 * server's reason (a name parked by someone else, say) is shown under the name.
 */
export function AddDomainDialog({ trigger }: { trigger?: ReactElement }) {
  const [open, setOpen] = useState(false);
  const form = useForm<TAddDomainForm, unknown, z.output<typeof ZAddDomainForm>>({
    resolver: zodResolver(ZAddDomainForm),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const values = form.watch();
  const create = useCreateDomain();
  const block = useRouteBlock("POST", DOMAIN_PATHS.list);
  const plan = usePlanUsage().data;
  const full = plan ? atLimit(plan.usage.domains) : false;
  const set = <K extends keyof TAddDomainForm>(key: K, value: TAddDomainForm[K]) =>
    form.setValue(key as FieldPath<TAddDomainForm>, value, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  /** The props that tie a field to its message, when it has one. */
  const describedBy = (name: (typeof FIELDS)[number], hint?: string) => {
    const ids = [errors[name] ? `domain-${name}-error` : undefined, hint].filter(Boolean).join(" ");
    return { "aria-invalid": errors[name] ? true : undefined, "aria-describedby": ids || undefined };
  };

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) form.reset(EMPTY);
  };

  function add(domain: z.output<typeof ZAddDomainForm>) {
    create.mutate(
      // What the server does anyway: a new domain is pending until its ownership is proven.
      { ...domain, status: NEW_DOMAIN_STATUS },
      {
        onSuccess: (added) => {
          toast({ title: "Domain Added!", description: `${added.name} has been added to your portfolio.` });
          changeOpen(false);
        },
        onError: (error) => {
          const reason = apiErrorMessage(error, "");
          // A reason naming no field (a name parked by someone else, say) is shown under the name.
          if (!showServerIssues(error, form.setError, FIELDS) && reason) {
            form.setError("name", { type: "server", message: reason });
          }
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

  // The spec's toast ("Domain name is required." for an empty name), the message also at its field.
  const refused = (found: FieldErrors<TAddDomainForm>) =>
    toast({ title: "Error", description: firstFieldError(found, FIELDS), variant: "destructive" });

  const shownTrigger = isValidElement(trigger) ? (
    trigger
  ) : (
    <Button>
      <Plus aria-hidden="true" />
      Add Domain
    </Button>
  );
  if (block) return <BlockedTrigger block={block}>{shownTrigger}</BlockedTrigger>;
  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={shownTrigger}
      title="Add Domain"
      description="Park a domain you own. Once you prove it is yours, it starts earning from visitors and leads."
      icon={
        <span className="mb-1 flex size-10 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600">
          <Globe aria-hidden="true" className="size-5" />
        </span>
      }
      formLabel="Add Domain"
      onSubmit={form.handleSubmit(add, refused)}
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
          {...describedBy("name")}
          {...form.register("name")}
        />
        <FieldError id="domain-name-error">{errors.name?.message}</FieldError>
        <ValueEstimate name={values.name} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ParkingFields
          idPrefix="domain"
          form={values}
          set={set}
          errors={{
            adNetwork: errors.adNetwork?.message,
            parkingTemplate: errors.parkingTemplate?.message,
            nameservers: errors.nameservers?.message,
          }}
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
          {...describedBy("registrationDate", "domain-acquired-hint")}
          {...form.register("registrationDate")}
        />
        <FieldError id="domain-registrationDate-error">{errors.registrationDate?.message}</FieldError>
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

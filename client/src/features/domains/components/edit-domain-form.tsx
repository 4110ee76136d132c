import { zodResolver } from "@hookform/resolvers/zod";
import {
  DOMAIN_STATUSES,
  EARLIEST_REGISTRATION_DATE,
  type TDomain,
  type TDomainStatus,
  ZUpdateDomainBody,
} from "@shared/api/domains";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { apiErrorMessage } from "@/lib/api-error";
import { showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useDeleteDomain } from "../api/delete-domain";
import { useUpdateDomain } from "../api/update-domain";
import { STATUS_LABELS } from "../utils/domain-labels";
import { todayInput } from "../utils/today-input";
import { PairNames, ParkingFields } from "./parking-fields";

/** A verified domain is active or parked; an unverified one is pending until a check proves it. */
const statusOptions = (verified: boolean) =>
  DOMAIN_STATUSES.filter((s) => (s === "pending") !== verified).map((s) => ({
    value: s,
    label: STATUS_LABELS[s],
  }));

/** An empty date or amount clears it: the body's null. */
const blankIsNull = <O,>(schema: z.ZodType<O, string | null>) =>
  z
    .string()
    .trim()
    .transform((value) => value || null)
    .pipe(schema);

/** The Edit Domain body as the form holds it: every field filled in, dates and amounts as typed. */
const { shape } = ZUpdateDomainBody;
const ZEditDomainForm = ZUpdateDomainBody.extend({
  status: shape.status.unwrap(),
  adNetwork: shape.adNetwork.unwrap(),
  parkingTemplate: shape.parkingTemplate.unwrap(),
  nameservers: shape.nameservers.unwrap(),
  registrationDate: shape.registrationDate.unwrap(),
  expiryDate: blankIsNull(shape.expiryDate.unwrap()),
  purchasePrice: blankIsNull(shape.purchasePrice.unwrap()),
  renewalCost: blankIsNull(shape.renewalCost.unwrap()),
});
type TEditDomainForm = z.input<typeof ZEditDomainForm>;

/** Every field of the form, where the server's issues are shown. */
const FIELDS = [
  "status",
  "adNetwork",
  "parkingTemplate",
  "nameservers",
  "expiryDate",
  "registrationDate",
  "purchasePrice",
  "renewalCost",
] as const satisfies readonly FieldPath<TEditDomainForm>[];

function formFor(domain: TDomain): TEditDomainForm {
  return {
    status: domain.status,
    adNetwork: domain.adNetwork,
    parkingTemplate: domain.parkingTemplate,
    nameservers: domain.nameservers,
    // Calendar dates are stored at noon UTC, so the UTC date is the day itself.
    expiryDate: domain.expiryDate?.slice(0, 10) ?? "",
    registrationDate: domain.registrationDate.slice(0, 10),
    purchasePrice: domain.purchasePrice ?? "",
    renewalCost: domain.renewalCost ?? "",
  };
}

/** Edit Domain: saves what changed; empty dates and amounts clear them. Also removes the domain. */
export function EditDomainForm(props: { domain: TDomain; onDone: () => void; onRemoved: () => void }) {
  const { domain } = props;
  const verified = domain.verification.status === "verified";
  const pair = domain.verification.nameservers;
  const form = useForm<TEditDomainForm, unknown, z.output<typeof ZEditDomainForm>>({
    resolver: zodResolver(ZEditDomainForm),
    defaultValues: formFor(domain),
  });
  const { errors } = form.formState;
  const values = form.watch();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const update = useUpdateDomain();
  const remove = useDeleteDomain();
  const set = <K extends keyof TEditDomainForm>(key: K, value: TEditDomainForm[K]) =>
    form.setValue(key as FieldPath<TEditDomainForm>, value, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  /** The props that tie a field to its message, when it has one. */
  const describedBy = (name: (typeof FIELDS)[number]) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `edit-${name}-error` } : {};

  const save = form.handleSubmit((changes) =>
    update.mutate(
      { id: domain.id, changes },
      {
        onSuccess: (saved) => {
          toast({ title: "Domain Updated", description: `Your changes to ${saved.name} were saved.` });
          props.onDone();
        },
        onError: (err) => {
          if (showServerIssues(err, form.setError, FIELDS)) return;
          const message = apiErrorMessage(err, "Failed to update domain. Please try again.");
          form.setError("root.server", { message });
          toast({ title: "Error", description: message, variant: "destructive" });
        },
      },
    ),
  );

  function removeDomain() {
    remove.mutate(domain.id, {
      onSuccess: () => {
        toast({ title: "Domain Removed", description: `${domain.name} was removed from your portfolio.` });
        props.onRemoved();
      },
      onError: (err) =>
        toast({
          title: "Error",
          description: apiErrorMessage(err, "Failed to remove domain. Please try again."),
          variant: "destructive",
        }),
    });
  }

  return (
    <form className="grid gap-4" onSubmit={save} aria-label="Edit Domain" noValidate>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor="edit-status">Status</Label>
          <Select
            id="edit-status"
            value={values.status}
            options={statusOptions(verified)}
            disabled={!verified}
            aria-invalid={errors.status ? true : undefined}
            aria-describedby={errors.status ? "edit-status-error" : verified ? undefined : "edit-status-hint"}
            onValueChange={(v) => set("status", v as TDomainStatus)}
          />
          <FieldError id="edit-status-error">{errors.status?.message}</FieldError>
          {!verified && (
            <p id="edit-status-hint" className="text-muted-foreground text-xs">
              Active or parked once verified.
            </p>
          )}
        </div>
        <ParkingFields
          idPrefix="edit"
          form={values}
          set={set}
          errors={{
            adNetwork: errors.adNetwork?.message,
            parkingTemplate: errors.parkingTemplate?.message,
            nameservers: errors.nameservers?.message,
          }}
          pair={pair}
          pairHint={
            pair.length > 0 ? (
              <>
                Your nameservers for {domain.name}: <PairNames pair={pair} />.
              </>
            ) : undefined
          }
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="edit-acquired">Acquired on</Label>
          <Input
            id="edit-acquired"
            type="date"
            required
            min={EARLIEST_REGISTRATION_DATE}
            max={todayInput()}
            {...describedBy("registrationDate")}
            {...form.register("registrationDate")}
          />
          <FieldError id="edit-registrationDate-error">{errors.registrationDate?.message}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="edit-expiry">Expiry date</Label>
          <Input
            id="edit-expiry"
            type="date"
            {...describedBy("expiryDate")}
            {...form.register("expiryDate")}
          />
          <FieldError id="edit-expiryDate-error">{errors.expiryDate?.message}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="edit-purchase">Purchase price ($)</Label>
          <Input
            id="edit-purchase"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            placeholder="0.00"
            {...describedBy("purchasePrice")}
            {...form.register("purchasePrice")}
          />
          <FieldError id="edit-purchasePrice-error">{errors.purchasePrice?.message}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="edit-renewal">Renewal cost ($/year)</Label>
          <Input
            id="edit-renewal"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            placeholder="0.00"
            {...describedBy("renewalCost")}
            {...form.register("renewalCost")}
          />
          <FieldError id="edit-renewalCost-error">{errors.renewalCost?.message}</FieldError>
        </div>
      </div>
      <FieldError>{errors.root?.server?.message}</FieldError>
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
        {confirmRemove ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-slate-700 text-sm">Remove {domain.name}?</span>
            <Button variant="destructive" size="sm" disabled={remove.isPending} onClick={removeDomain}>
              {remove.isPending ? "Removing..." : "Yes, remove"}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirmRemove(false)}>
              Keep it
            </Button>
          </div>
        ) : (
          <Button variant="ghost-danger" onClick={() => setConfirmRemove(true)}>
            <Trash2 aria-hidden="true" />
            Remove domain
          </Button>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={props.onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </DialogFooter>
      </div>
    </form>
  );
}

import {
  DOMAIN_STATUSES,
  EARLIEST_REGISTRATION_DATE,
  type TDomain,
  type TDomainStatus,
  ZUpdateDomainBody,
} from "@shared/api/domains";
import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { apiErrorMessage } from "@/lib/api-error";
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

function formFor(domain: TDomain) {
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
  const [form, setForm] = useState(() => formFor(domain));
  const [error, setError] = useState("");
  const [confirmRemove, setConfirmRemove] = useState(false);
  const update = useUpdateDomain();
  const remove = useDeleteDomain();
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZUpdateDomainBody.safeParse({
      ...form,
      expiryDate: form.expiryDate || null,
      purchasePrice: form.purchasePrice.trim() || null,
      renewalCost: form.renewalCost.trim() || null,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please check the fields.");
      return;
    }
    setError("");
    update.mutate(
      { id: domain.id, changes: parsed.data },
      {
        onSuccess: (saved) => {
          toast({ title: "Domain Updated", description: `Your changes to ${saved.name} were saved.` });
          props.onDone();
        },
        onError: (err) => {
          const message = apiErrorMessage(err, "Failed to update domain. Please try again.");
          setError(message);
          toast({ title: "Error", description: message, variant: "destructive" });
        },
      },
    );
  }

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
            value={form.status}
            options={statusOptions(verified)}
            disabled={!verified}
            aria-describedby={verified ? undefined : "edit-status-hint"}
            onValueChange={(v) => set("status", v as TDomainStatus)}
          />
          {!verified && (
            <p id="edit-status-hint" className="text-muted-foreground text-xs">
              Active or parked once verified.
            </p>
          )}
        </div>
        <ParkingFields
          idPrefix="edit"
          form={form}
          set={set}
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
            value={form.registrationDate}
            onChange={(e) => set("registrationDate", e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="edit-expiry">Expiry date</Label>
          <Input
            id="edit-expiry"
            type="date"
            value={form.expiryDate}
            onChange={(e) => set("expiryDate", e.target.value)}
          />
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
            value={form.purchasePrice}
            onChange={(e) => set("purchasePrice", e.target.value)}
          />
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
            value={form.renewalCost}
            onChange={(e) => set("renewalCost", e.target.value)}
          />
        </div>
      </div>
      <FieldError>{error}</FieldError>
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

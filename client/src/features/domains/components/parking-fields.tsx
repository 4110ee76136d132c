import type { TAdNetwork, TParkingTemplate } from "@shared/api/domains";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { NETWORK_OPTIONS, TEMPLATE_OPTIONS } from "../utils/domain-labels";

type ParkingSettings = { adNetwork: TAdNetwork; parkingTemplate: TParkingTemplate; nameservers: string };

/** How a domain is parked: its ad network, template and nameservers (Add Domain and Edit Domain). */
export function ParkingFields<F extends ParkingSettings>(props: {
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  form: F;
  set: <K extends keyof ParkingSettings>(key: K, value: F[K]) => void;
  /**
   * The nameserver pair ParkPilot gave this domain (its verification answer), or undefined before
   * the domain exists, when the field points to the verification panel instead of naming any.
   */
  assignedNameservers?: readonly string[];
}) {
  const { idPrefix, form, set, assignedNameservers } = props;
  const hintId = `${idPrefix}-nameservers-hint`;
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-network`}>Ad network</Label>
        <Select
          id={`${idPrefix}-network`}
          value={form.adNetwork}
          options={NETWORK_OPTIONS}
          onValueChange={(v) => set("adNetwork", v as TAdNetwork)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-template`}>Parking template</Label>
        <Select
          id={`${idPrefix}-template`}
          value={form.parkingTemplate}
          options={TEMPLATE_OPTIONS}
          onValueChange={(v) => set("parkingTemplate", v as TParkingTemplate)}
        />
      </div>
      <div className="grid gap-2 sm:col-span-full">
        <Label htmlFor={`${idPrefix}-nameservers`}>Nameservers</Label>
        <Input
          id={`${idPrefix}-nameservers`}
          placeholder={assignedNameservers?.length ? assignedNameservers.join(", ") : "Optional"}
          aria-describedby={hintId}
          value={form.nameservers}
          onChange={(e) => set("nameservers", e.target.value)}
        />
        <p id={hintId} className="text-muted-foreground text-xs">
          {assignedNameservers?.length
            ? `The nameservers the domain uses now. To park it with ParkPilot, set them to ${assignedNameservers.join(" and ")} at your registrar.`
            : "The nameservers the domain uses now, if you know them. Once it is added, its verification panel shows the nameserver pair to point it at."}
        </p>
      </div>
    </>
  );
}

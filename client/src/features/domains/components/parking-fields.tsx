import type { TAdNetwork, TParkingTemplate } from "@shared/api/domains";
import { Fragment, type ReactNode } from "react";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { NETWORK_OPTIONS, TEMPLATE_OPTIONS } from "../utils/domain-labels";

type ParkingSettings = { adNetwork: TAdNetwork; parkingTemplate: TParkingTemplate; nameservers: string };

/**
 * Nameservers in a sentence, each host in the code face: "a and b" (a domain kept from the shared
 * set of earlier versions may have more than two: "a, b and c").
 */
export function PairNames({ pair }: { pair: string[] }) {
  return pair.map((host, i) => (
    <Fragment key={host}>
      {i === 0 ? "" : i === pair.length - 1 ? " and " : ", "}
      <span className="font-mono">{host}</span>
    </Fragment>
  ));
}

/** How a domain is parked: its ad network, template and nameservers (Add Domain and Edit Domain). */
export function ParkingFields<F extends ParkingSettings>(props: {
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  form: F;
  set: <K extends keyof ParkingSettings>(key: K, value: F[K]) => void;
  /** The nameserver pair to point the domain at, when known. */
  pair?: string[];
  /** What the pair is, under the field. */
  pairHint?: ReactNode;
  /** A message per field (its rule's or the server's), shown under it. */
  errors?: Partial<Record<keyof ParkingSettings, string>>;
}) {
  const { idPrefix, form, set, pair, pairHint, errors = {} } = props;
  const hintId = `${idPrefix}-nameservers-hint`;
  /** Ties a field to its message (and the nameservers to their hint). */
  const describe = (name: keyof ParkingSettings, hint?: string) => {
    const ids = [errors[name] ? `${idPrefix}-${name}-error` : undefined, hint].filter(Boolean).join(" ");
    return { "aria-invalid": errors[name] ? true : undefined, "aria-describedby": ids || undefined };
  };
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-network`}>Ad network</Label>
        <Select
          id={`${idPrefix}-network`}
          value={form.adNetwork}
          options={NETWORK_OPTIONS}
          onValueChange={(v) => set("adNetwork", v as TAdNetwork)}
          {...describe("adNetwork")}
        />
        <FieldError id={`${idPrefix}-adNetwork-error`}>{errors.adNetwork}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-template`}>Parking template</Label>
        <Select
          id={`${idPrefix}-template`}
          value={form.parkingTemplate}
          options={TEMPLATE_OPTIONS}
          onValueChange={(v) => set("parkingTemplate", v as TParkingTemplate)}
          {...describe("parkingTemplate")}
        />
        <FieldError id={`${idPrefix}-parkingTemplate-error`}>{errors.parkingTemplate}</FieldError>
      </div>
      <div className="grid gap-2 sm:col-span-full">
        <Label htmlFor={`${idPrefix}-nameservers`}>Nameservers</Label>
        <Input
          id={`${idPrefix}-nameservers`}
          placeholder={pair && pair.length > 0 ? pair.join(", ") : "ns1.example.net, ns2.example.net"}
          {...describe("nameservers", pairHint ? hintId : undefined)}
          value={form.nameservers}
          onChange={(e) => set("nameservers", e.target.value)}
        />
        <FieldError id={`${idPrefix}-nameservers-error`}>{errors.nameservers}</FieldError>
        {pairHint && (
          <p id={hintId} className="text-muted-foreground text-xs" data-testid="nameservers-hint">
            {pairHint}
          </p>
        )}
      </div>
    </>
  );
}

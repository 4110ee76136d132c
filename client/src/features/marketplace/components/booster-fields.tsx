import type { TDomain } from "@shared/api/domains";
import { LISTING_DURATIONS } from "@shared/catalog";
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Select, type SelectProps } from "@/components/ui/select";

/** One labelled choice of a booster dialog. */
export function BoosterSelect({ label, ...select }: SelectProps & { label: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} {...select} />
    </div>
  );
}

/** The domain a booster is bought for; every booster starts with it and stays unbuyable until it is set. */
export function BoosterDomainField(props: {
  domains: readonly TDomain[];
  domainId: string;
  onDomainChange: (domainId: string) => void;
}) {
  return (
    <BoosterSelect
      label="Domain"
      value={props.domainId}
      onValueChange={props.onDomainChange}
      placeholder={props.domains.length ? "Select a domain" : "No domains in your portfolio yet"}
      options={props.domains.map((d) => ({ value: d.id, label: d.name }))}
    />
  );
}

const DURATION_OPTIONS = LISTING_DURATIONS.map((o) => ({ value: o.id, label: o.label }));

/** How long a premium listing or a promotion runs; both use the same catalogue durations. */
export function BoosterDurationField(props: {
  duration: string;
  onDurationChange: (duration: string) => void;
}) {
  return (
    <BoosterSelect
      label="Duration"
      value={props.duration}
      onValueChange={props.onDurationChange}
      options={DURATION_OPTIONS}
    />
  );
}

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

/** A name a listing booster can place: verified, listed for sale and not sold. */
export const isListed = (d: TDomain) =>
  d.verification.status === "verified" && d.marketplacePrice !== null && d.soldAt === null;

/**
 * The domain a booster is bought for; every booster starts with it and stays unbuyable until it
 * is set. `listedOnly` offers only the names a listing booster can place, and says so when none is.
 */
export function BoosterDomainField(props: {
  domains: readonly TDomain[];
  domainId: string;
  onDomainChange: (domainId: string) => void;
  listedOnly?: boolean;
}) {
  const domains = props.listedOnly ? props.domains.filter(isListed) : props.domains;
  const none = props.listedOnly
    ? "No verified name is listed for sale yet: list one first"
    : "No domains in your portfolio yet";
  return (
    <BoosterSelect
      label={props.listedOnly ? "Listed domain" : "Domain"}
      value={props.domainId}
      onValueChange={props.onDomainChange}
      placeholder={domains.length ? "Select a domain" : none}
      options={domains.map((d) => ({ value: d.id, label: d.name }))}
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

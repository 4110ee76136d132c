import type { TDomain } from "@shared/api/domains";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-error";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useParkDomain, useRegistrarDomain } from "../api/park-domain";

const onOff = (v: boolean | null) => (v === null ? "unknown" : v ? "on" : "off");

/**
 * On a domain held by a connected registrar: what the registrar says of it, and "Park in one
 * step", which has the registrar point the name at its nameserver pair, then checks it (or, for a
 * registrar that keeps its names on its own nameservers, the registrar's reason and the way left).
 */
export function ParkInOneStep({ domain }: { domain: TDomain }) {
  const registrar = useRegistrarDomain(domain.id);
  const park = useParkDomain(domain.id);
  const held = registrar.data;
  if (!held) return null;
  const pair = domain.verification.nameservers;
  const pointed = pair.length > 0 && pair.every((ns) => held.nameservers?.includes(ns));
  return (
    <div className="mt-4 grid gap-2 rounded-md border p-3 text-sm">
      <p>
        Held at <span className="font-medium">{held.registrar}</span>
        {held.expiresAt ? `, expires ${formatDate(held.expiresAt)}` : ""} · auto-renew {onOff(held.autoRenew)}{" "}
        · lock {onOff(held.locked)} · privacy {onOff(held.privacy)}
      </p>
      {domain.verification.status !== "verified" && held.cannotPark && (
        <p className="text-muted-foreground">{held.cannotPark}</p>
      )}
      {domain.verification.status !== "verified" && !held.cannotPark && pair.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-muted-foreground">
            {pointed ? "Pointed at " : "Points elsewhere. Park it at "}
            {pair.join(" and ")}.
          </span>
          <Button
            size="sm"
            disabled={park.isPending}
            onClick={() =>
              park.mutate(undefined, {
                onSuccess: (result) =>
                  toast({
                    title: result.status === "pending" ? "Nameservers Set" : "Domain Parked",
                    description: result.message,
                  }),
                onError: (error) =>
                  toast({
                    title: "Error",
                    description: errorMessage(error, "Please try again."),
                    variant: "destructive",
                  }),
              })
            }
          >
            {park.isPending ? "Parking…" : "Park in one step"}
          </Button>
        </div>
      )}
    </div>
  );
}

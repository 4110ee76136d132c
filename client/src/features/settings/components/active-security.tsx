import { optionById, SECURITY_ADDONS, SECURITY_LEVELS } from "@shared/catalog";
import { Badge } from "@/components/ui/badge";
import { useEntitlements } from "@/lib/api/get-entitlements";
import { useSubscriptions } from "@/lib/api/get-subscriptions";
import { formatDate } from "@/lib/format";

const SECURITY = "security:";

/**
 * What Enhanced Security the account holds now, from its entitlements: the level and each
 * add-on, and until when (the subscription's renewal, or its end once cancelled).
 */
export function ActiveSecurity() {
  const entitlements = useEntitlements();
  const subscriptions = useSubscriptions();
  const held = (entitlements.data ?? []).filter((e) => e.feature.startsWith(SECURITY));
  if (held.length === 0) return null;
  const sub = (subscriptions.data ?? []).find(
    (s) => s.offer === "securityUpgrade" && s.status !== "canceled",
  );
  const ids = held.map((e) => e.feature.slice(SECURITY.length));
  const level = SECURITY_LEVELS.find((l) => ids.includes(l.id));
  const addOns = SECURITY_ADDONS.filter((a) => ids.includes(a.id));
  const endsAt = held.map((e) => e.endsAt).find(Boolean);
  const until = sub
    ? `${sub.cancelAtPeriodEnd ? "Active until" : "Renews"} ${formatDate(sub.currentPeriodEnd)}`
    : endsAt
      ? `Active until ${formatDate(endsAt)}`
      : "Active";

  return (
    <section
      aria-label="Active security"
      className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50/50 p-3"
    >
      <p className="font-medium text-sm">
        {level ? `${optionById(SECURITY_LEVELS, level.id).label} security` : "Enhanced Security"}{" "}
        <span className="font-normal text-muted-foreground">· {until}</span>
      </p>
      {addOns.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label="Active add-ons">
          {addOns.map((a) => (
            <li key={a.id}>
              <Badge variant="success">{a.label}</Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-xs">No add-ons.</p>
      )}
    </section>
  );
}

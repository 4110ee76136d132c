import { Scale } from "lucide-react";
import { SettingsCard } from "@/components/settings-card";
import { formatDate, formatMoney } from "@/lib/format";
import { useRenewals } from "../api/list-renewals";

/** Renew or drop: each name's last 12 months of revenue against its renewal cost, the biggest losses first. */
export function RenewOrDropCard() {
  const renewals = useRenewals();
  const rows = renewals.data ?? [];
  if (rows.length === 0) return null;
  return (
    <SettingsCard
      id="renew-or-drop"
      icon={Scale}
      title="Renew or Drop"
      description="Each name's revenue of the last 12 months against its renewal cost, those losing the most first."
    >
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-2 pr-3 font-medium">Domain</th>
              <th className="py-2 pr-3 font-medium">Expires</th>
              <th className="py-2 pr-3 text-right font-medium">Renewal</th>
              <th className="py-2 pr-3 text-right font-medium">12-month revenue</th>
              <th className="py-2 text-right font-medium">Net</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, 10).map((r) => (
              <tr key={r.domainId} className="border-t">
                <td className="py-2 pr-3 font-medium">{r.name}</td>
                <td className="py-2 pr-3">{r.expiresAt ? formatDate(r.expiresAt) : "—"}</td>
                <td className="py-2 pr-3 text-right">{r.renewalCost ? formatMoney(r.renewalCost) : "—"}</td>
                <td className="py-2 pr-3 text-right">{formatMoney(r.revenue12m)}</td>
                <td
                  className={`py-2 text-right ${r.net?.startsWith("-") ? "text-red-700" : "text-emerald-700"}`}
                >
                  {r.net ? formatMoney(r.net) : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > 10 && (
        <p className="mt-2 text-muted-foreground text-xs">{rows.length - 10} more names.</p>
      )}
    </SettingsCard>
  );
}

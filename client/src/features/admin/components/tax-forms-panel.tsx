import { ZMissingTaxForm } from "@shared/api/payouts";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { buttonVariants } from "@/components/ui/button";
import { apiRequest } from "@/lib/api-client";
import { formatMoney } from "@/lib/format";

const ZMissing = z.object({ data: z.array(ZMissingTaxForm) });

/** Payees with money and no tax form (their payouts are refused until they sign one), and the year-end export. */
export function TaxFormsPanel() {
  const missing = useQuery({
    queryKey: ["/api/admin/tax-forms/missing"],
    queryFn: async () =>
      ZMissing.parse(await (await apiRequest("GET", "/api/admin/tax-forms/missing")).json()),
  });
  const year = new Date().getFullYear();
  return (
    <section aria-labelledby="tax-forms-heading" className="grid gap-3 rounded-xl border bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tax-forms-heading" className="font-semibold text-lg">
          Tax forms
        </h2>
        <div className="flex flex-wrap gap-2">
          {[year, year - 1].map((y) => (
            <a
              key={y}
              className={buttonVariants({ variant: "outline", size: "sm" })}
              href={`/api/admin/tax-forms/year-end/${y}`}
            >
              Year-end {y} CSV
            </a>
          ))}
        </div>
      </div>
      {missing.isError ? (
        <p className="text-destructive text-sm">The payees without a form could not be loaded.</p>
      ) : !missing.data ? (
        <p className="text-muted-foreground text-sm">Loading…</p>
      ) : missing.data.data.length === 0 ? (
        <p className="text-sm">Every payee with money has a tax form on file.</p>
      ) : (
        <table className="w-full text-sm" aria-label="Payees missing a tax form">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1 font-medium">Payee</th>
              <th className="py-1 font-medium">Available</th>
              <th className="py-1 font-medium">Paid out</th>
            </tr>
          </thead>
          <tbody>
            {missing.data.data.map((m) => (
              <tr key={m.userId} className="border-t">
                <td className="py-1 break-all">
                  {m.name ? `${m.name} · ` : ""}
                  {m.email}
                </td>
                <td className="py-1">{formatMoney(m.available)}</td>
                <td className="py-1">{formatMoney(m.paidOut)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

import { PLANS, planTableRows } from "@shared/plans";
import { cn } from "@/lib/cn";

/**
 * Every plan's limits and what it includes, from the catalogue's own table (docs/plans.md shows the
 * same). `current` marks the account's plan.
 */
export function PlanTable({ current, className }: { current?: string; className?: string }) {
  const rows = planTableRows();
  return (
    <div className={cn("overflow-x-auto rounded-lg border", className)}>
      <table className="w-full min-w-[36rem] text-left text-xs">
        <caption className="sr-only">What each plan includes</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-2 py-2 font-medium text-slate-500">
              <span className="sr-only">Limit</span>
            </th>
            {PLANS.map((p) => (
              <th
                key={p.id}
                scope="col"
                className={cn("px-2 py-2 font-semibold text-slate-900", p.id === current && "bg-emerald-50")}
              >
                {p.label}
                {p.id === current && <span className="block font-normal text-emerald-700">Your plan</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t align-top">
              <th scope="row" className="px-2 py-2 font-medium text-slate-600">
                {row.label}
              </th>
              {row.cells.map((cell, i) => (
                <td
                  key={PLANS[i].id}
                  className={cn("px-2 py-2 text-slate-800", PLANS[i].id === current && "bg-emerald-50/60")}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

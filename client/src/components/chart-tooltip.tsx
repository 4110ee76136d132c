import type { TooltipContentProps } from "recharts";

type Row = { name: string; value: string; color?: string };

/**
 * Every chart's tooltip, in the product's card style: the period it covers on top, then one row
 * per series with its colour and its value already formatted (money, counts). Recharts passes
 * `active`, `label` and `payload`; the chart says how to write the period and each value.
 */
export function ChartTooltip({
  active,
  label,
  payload,
  period,
  value,
}: Partial<TooltipContentProps<number, string>> & {
  period: (label: string) => string;
  value: (amount: number, name: string) => string;
}) {
  // A point without a value (an hour still to come) has nothing to show.
  const shown = payload?.filter((item) => item.value !== null && item.value !== undefined) ?? [];
  if (!active || !shown.length) return null;
  const rows: Row[] = shown.map((item) => ({
    name: String(item.name ?? item.dataKey ?? ""),
    value: value(Number(item.value ?? 0), String(item.name ?? "")),
    color: item.color ?? item.stroke ?? item.fill,
  }));
  return (
    <div className="min-w-36 rounded-lg border bg-white px-3 py-2 text-sm shadow-md">
      <p className="mb-1 font-medium text-slate-900">{period(String(label ?? ""))}</p>
      <ul className="grid gap-0.5">
        {rows.map((row) => (
          <li key={row.name} className="flex items-center justify-between gap-4 text-slate-600">
            <span className="flex items-center gap-1.5">
              <span aria-hidden="true" className="size-2 rounded-full" style={{ background: row.color }} />
              {row.name}
            </span>
            <span className="font-semibold text-slate-900 tabular-nums">{row.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

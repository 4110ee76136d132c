import { REPORTED_REVENUE_HINT } from "@shared/revenue-kinds";

/** Marks a figure as reported revenue (docs/money.md): shown here, never withdrawable. */
export function ReportedTag() {
  return (
    <span
      title={REPORTED_REVENUE_HINT}
      className="rounded bg-slate-100 px-1.5 py-px font-medium text-[10px] text-slate-600 uppercase tracking-wide"
    >
      reported
      <span className="sr-only">: {REPORTED_REVENUE_HINT}</span>
    </span>
  );
}

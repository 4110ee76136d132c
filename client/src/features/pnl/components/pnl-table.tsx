import type { TDomainPnlRow, TPnlSort, TPortfolioPnl, TSortOrder } from "@shared/api/pnl";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { cn } from "@/lib/cn";
import { formatMoney, formatNumber } from "@/lib/format";
import { formatRoi, toneOf } from "../utils/pnl-format";
import { RenewalHint } from "./renewal-hint";

type Sorting = { sort: TPnlSort; order: TSortOrder; onSort: (sort: TPnlSort) => void };

function SortHead(props: Sorting & { column: TPnlSort; children: ReactNode }) {
  const active = props.sort === props.column;
  const Icon = !active ? ArrowUpDown : props.order === "asc" ? ArrowUp : ArrowDown;
  return (
    <TableHead
      className="text-right"
      aria-sort={active ? (props.order === "asc" ? "ascending" : "descending") : undefined}
    >
      <button
        type="button"
        onClick={() => props.onSort(props.column)}
        className={cn(
          "-mx-1 inline-flex cursor-pointer items-center gap-1 rounded px-1 py-0.5 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          active && "text-slate-900",
        )}
      >
        {props.children}
        <Icon aria-hidden="true" className={cn("size-3.5", !active && "opacity-40")} />
      </button>
    </TableHead>
  );
}

const breakdown = (row: Pick<TDomainPnlRow, "income" | "costs">) => ({
  income: `Parking ${formatMoney(row.income.parking)} · Leads ${formatMoney(row.income.lead)} · Marketplace ${formatMoney(row.income.marketplace)} · Other ${formatMoney(row.income.other)}`,
  costs: `Purchase ${formatMoney(row.costs.purchase)} · Renewal ${formatMoney(row.costs.renewal)} · Services ${formatMoney(row.costs.services)}`,
});

function Money({ value, title, signed }: { value: string; title?: string; signed?: boolean }) {
  return (
    <TableCell className={cn("text-right tabular-nums", signed && toneOf(value))} title={title}>
      {formatMoney(value)}
    </TableCell>
  );
}

/** Every domain's P&L on this page, sortable by income, costs, net and ROI, with the portfolio's totals. */
export function PnlTable(props: Sorting & { rows: TDomainPnlRow[]; data: TPortfolioPnl }) {
  const { totals } = props.data;
  const sorting = { sort: props.sort, order: props.order, onSort: props.onSort };
  return (
    <Table data-testid="pnl-table">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Domain</TableHead>
          <SortHead {...sorting} column="revenue">
            Income
          </SortHead>
          <SortHead {...sorting} column="cost">
            Costs
          </SortHead>
          <SortHead {...sorting} column="net">
            Net
          </SortHead>
          <SortHead {...sorting} column="roi">
            ROI
          </SortHead>
          <TableHead className="text-right">Last 12 months / renewal</TableHead>
          <TableHead>Keep or renew</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.rows.map((row) => {
          const titles = breakdown(row);
          return (
            <TableRow key={row.domainId} data-testid="pnl-row">
              <TableCell className="max-w-64 truncate font-medium text-slate-900" title={row.name}>
                {row.name}
              </TableCell>
              <Money value={row.income.total} title={titles.income} />
              <Money value={row.costs.total} title={titles.costs} />
              <Money value={row.net} signed />
              <TableCell
                className={cn("text-right tabular-nums", row.roi !== null && toneOf(row.roi))}
                title={row.purchasePriceSet ? undefined : "No purchase price: enter it in Edit Domain"}
              >
                {formatRoi(row.roi)}
              </TableCell>
              <TableCell className="text-right text-slate-700 tabular-nums">
                {formatMoney(row.renewal.trailingRevenue)}
                <span className="text-muted-foreground">
                  {" / "}
                  {row.renewal.renewalCost === null ? "—" : formatMoney(row.renewal.renewalCost)}
                </span>
              </TableCell>
              <TableCell>
                <RenewalHint renewal={row.renewal} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
      <TableFooter>
        <TableRow className="hover:bg-transparent" data-testid="pnl-totals">
          <TableCell className="font-semibold text-slate-900">
            Total ({formatNumber(totals.domains)} domain{totals.domains === 1 ? "" : "s"})
          </TableCell>
          <Money value={totals.income.total} title={breakdown(totals).income} />
          <Money value={totals.costs.total} title={breakdown(totals).costs} />
          <Money value={totals.net} signed />
          <TableCell className={cn("text-right tabular-nums", totals.roi !== null && toneOf(totals.roi))}>
            {formatRoi(totals.roi)}
          </TableCell>
          <TableCell className="text-right text-slate-700 tabular-nums">
            {formatMoney(totals.trailingRevenue)}
          </TableCell>
          <TableCell className="text-amber-800 text-xs">
            {totals.toReview > 0 && `${formatNumber(totals.toReview)} to review before renewal`}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}

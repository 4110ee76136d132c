import type { TLeadBuyer } from "@shared/api/lead-sales";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { DialogShell } from "@/components/ui/dialog";
import { PageSpinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TableActionsHead, TableEmptyRow } from "@/components/ui/table-rows";
import { formatMoney, formatNumber } from "@/lib/format";
import { useBuyerCalls, useBuyerInvoices, useLeadBuyers } from "../api/lead-buyers";
import { BuyerFormDialog } from "../components/buyer-form-dialog";
import { BuyerInvoices } from "../components/buyer-invoices";

const MODE_TEXT = {
  sandbox:
    "No buyer is active: in development and tests a built-in sandbox buyer buys every lead, so owners see the configured lead value. No money moves.",
  unsold:
    "No buyer is active: leads are stored unsold and credit their owners nothing until a buyer is added or activated.",
} as const;

/** Lead buyers: who is pinged for each lead, at what price, with what filters, caps and schedule; each one's log and invoices. */
export default function LeadBuyersPage() {
  const buyers = useLeadBuyers();
  const [editing, setEditing] = useState<TLeadBuyer | null>(null);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<TLeadBuyer | null>(null);
  if (!buyers.data) return <PageSpinner />;
  const { mode } = buyers.data;
  return (
    <div className="grid gap-4">
      {mode !== "buyers" && (
        <Card role="status" className="border-amber-300 bg-amber-50">
          <CardContent className="pt-6 text-amber-900 text-sm">{MODE_TEXT[mode]}</CardContent>
        </Card>
      )}
      <div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Buyer
        </Button>
      </div>
      <Card>
        <CardContent className="overflow-x-auto pt-6">
          <Table aria-label="Lead buyers">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Price</TableHead>
                <TableHead>Filters</TableHead>
                <TableHead>Caps (today · month)</TableHead>
                <TableHead>Schedule</TableHead>
                <TableHead>Status</TableHead>
                <TableActionsHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {buyers.data.buyers.length === 0 && <TableEmptyRow colSpan={7}>No buyers yet.</TableEmptyRow>}
              {buyers.data.buyers.map((b) => (
                <TableRow key={b.id}>
                  <TableCell>
                    <div className="font-medium">{b.name}</div>
                    <div className="break-all text-muted-foreground text-xs">{b.pingUrl}</div>
                  </TableCell>
                  <TableCell>
                    {b.priceModel === "fixed" && b.fixedPrice ? formatMoney(b.fixedPrice) : "Bids"}
                  </TableCell>
                  <TableCell className="text-xs">
                    {b.states.length ? b.states.join(", ") : "All states"}
                    <br />
                    {b.zipPrefixes.length ? `ZIP ${b.zipPrefixes.join(", ")}` : "All ZIPs"}
                  </TableCell>
                  <TableCell className="tabular-nums">
                    {formatNumber(b.soldToday)}
                    {b.dailyCap ? ` / ${formatNumber(b.dailyCap)}` : ""} · {formatNumber(b.soldThisMonth)}
                    {b.monthlyCap ? ` / ${formatNumber(b.monthlyCap)}` : ""}
                  </TableCell>
                  <TableCell className="text-xs">
                    {b.schedule
                      ? `${b.schedule.days.map((d) => "SMTWTFS"[d]).join("")} ${b.schedule.from}–${b.schedule.to} ${b.schedule.timeZone}`
                      : "Always"}
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-1">
                      <Badge variant={b.active ? "default" : "secondary"}>
                        {b.active ? "Active" : "Paused"}
                      </Badge>
                      {b.source === "config" && <Badge variant="outline">LEAD_BUYERS</Badge>}
                    </div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <Button variant="outline" size="sm" onClick={() => setViewing(b)}>
                      Log
                    </Button>{" "}
                    <Button variant="outline" size="sm" onClick={() => setEditing(b)}>
                      Edit
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <BuyerFormDialog
        open={adding || editing !== null}
        buyer={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <BuyerLogDialog buyer={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** A buyer's latest answers and errors, and its monthly invoices. */
function BuyerLogDialog({ buyer, onClose }: { buyer: TLeadBuyer | null; onClose: () => void }) {
  const calls = useBuyerCalls(buyer?.id ?? null);
  const invoices = useBuyerInvoices(buyer?.id ?? null);
  return (
    <DialogShell
      open={buyer !== null}
      onOpenChange={(open) => !open && onClose()}
      title={buyer ? `${buyer.name}: log` : ""}
      description="Its latest pings, posts and returns, newest first, then its months: what it kept, its invoice and whether it paid."
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
    >
      <Table aria-label="Buyer log">
        <TableHeader>
          <TableRow>
            <TableHead>When</TableHead>
            <TableHead>Call</TableHead>
            <TableHead>Outcome</TableHead>
            <TableHead>Bid</TableHead>
            <TableHead>ms</TableHead>
            <TableHead>Detail</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {calls.data?.length === 0 && <TableEmptyRow colSpan={6}>No calls yet.</TableEmptyRow>}
          {calls.data?.map((c) => (
            <TableRow key={c.id}>
              <TableCell className="whitespace-nowrap">{new Date(c.createdAt).toLocaleString()}</TableCell>
              <TableCell>{c.kind}</TableCell>
              <TableCell>
                <Badge variant={["error", "timeout"].includes(c.outcome) ? "destructive" : "secondary"}>
                  {c.outcome}
                </Badge>
              </TableCell>
              <TableCell>{c.bid ? formatMoney(c.bid) : "—"}</TableCell>
              <TableCell className="tabular-nums">{c.durationMs}</TableCell>
              <TableCell className="break-all text-xs">{c.detail ?? ""}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <h3 className="mt-4 font-semibold">Invoices</h3>
      {buyer && invoices.data && <BuyerInvoices buyerId={buyer.id} months={invoices.data} />}
    </DialogShell>
  );
}

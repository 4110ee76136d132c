import type { TAdminDispute } from "@shared/api/admin/sales";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatMoney } from "@/lib/format";
import { useDisputes } from "../api/disputes";
import { DisputeDecisionDialog, type TDecisionKind } from "../components/dispute-decision-dialog";

type NameState = TAdminDispute["transfer"]["sellerCopy"];

/** A copy of the name as stored: whether its proof passes, how, and when it was last checked. */
function nameStateText(state: NameState): string {
  if (!state) return "Not in this account's portfolio.";
  const proof = state.verifiedAt
    ? `verified ${formatDate(state.verifiedAt)}${state.verifiedBy ? ` by ${state.verifiedBy}` : ""}`
    : "not verified";
  const checked = state.checkedAt ? `, last checked ${formatDate(state.checkedAt)}` : "";
  const failing = state.failingSince ? `, failing since ${formatDate(state.failingSince)}` : "";
  return `${state.status}, ${proof}${checked}${failing}.`;
}

function Statement({ side, statement }: { side: string; statement: TAdminDispute["statements"]["buyer"] }) {
  return (
    <div className="grid gap-1 rounded-md border p-3">
      <p className="font-medium text-slate-900">
        {side}'s statement
        {statement && (
          <span className="font-normal text-muted-foreground"> · {formatDate(statement.at)}</span>
        )}
      </p>
      <p className="whitespace-pre-wrap break-words text-slate-700">
        {statement?.text ?? "No statement yet."}
      </p>
    </div>
  );
}

function DisputeCard({ d, onDecide }: { d: TAdminDispute; onDecide: (kind: TDecisionKind) => void }) {
  return (
    <Card data-testid="dispute" aria-label={`Dispute over ${d.domainName}`} role="region">
      <CardHeader className="pb-2">
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <span className="break-all">{d.domainName}</span>
          <span className="font-normal text-slate-700">{formatMoney(d.amount)}</span>
          <Badge variant="neutral">{d.kind === "lease" ? "Lease to own" : "Escrow sale"}</Badge>
          {d.testMoney && <Badge variant="warning">Test money</Badge>}
          {d.protection && (
            <Badge variant="info" className="capitalize">
              {d.protection} protection
            </Badge>
          )}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">Buyer</dt>
          <dd className="break-all">{d.buyer.email ?? d.buyer.id}</dd>
          <dt className="text-muted-foreground">Seller</dt>
          <dd className="break-all">{d.seller.email ?? d.seller.id}</dd>
          <dt className="text-muted-foreground">Paid</dt>
          <dd>
            {d.paidAt ? formatDate(d.paidAt) : "Not paid"}
            {Number(d.refunded) > 0 && ` · ${formatMoney(d.refunded)} refunded already`}
          </dd>
          <dt className="text-muted-foreground">Disputed</dt>
          <dd className="break-words">
            {d.disputedAt ? formatDate(d.disputedAt) : ""}
            {d.disputeReason && `: ${d.disputeReason}`}
          </dd>
        </dl>
        <div className="grid gap-3 md:grid-cols-2">
          <Statement side="Buyer" statement={d.statements.buyer} />
          <Statement side="Seller" statement={d.statements.seller} />
        </div>
        <div className="grid gap-1 rounded-md border bg-slate-50 p-3">
          <p className="font-medium text-slate-900">Transfer evidence</p>
          <p className="break-all">
            The buyer's proof: TXT <code>{d.transfer.txtRecord.name}</code> ={" "}
            <code>{d.transfer.txtRecord.value}</code>
          </p>
          <p>
            {d.transfer.provenAt
              ? `Found on the resolver ${formatDate(d.transfer.provenAt)}${d.transfer.inspectionEndsAt ? `; inspection to ${formatDate(d.transfer.inspectionEndsAt)}` : ""}.`
              : "Never found on the resolver: the buyer has not proven the transfer."}
          </p>
          <p>Seller's copy: {nameStateText(d.transfer.sellerCopy)}</p>
          <p>Buyer's copy: {nameStateText(d.transfer.buyerCopy)}</p>
        </div>
        <p>
          Releasing credits the seller {formatMoney(d.sellerProceedsIfReleased)}
          {d.testMoney ? " (test money: nothing)" : ` (less ${Number(d.commissionPercent)}% commission)`}.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => onDecide("release")}>Release to Seller</Button>
          <Button variant="outline" onClick={() => onDecide("refund")}>
            Refund Buyer in Whole
          </Button>
          {d.partRefundable && (
            <Button variant="outline" onClick={() => onDecide("partialRefund")}>
              Refund Part
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Disputes: each disputed sale with both sides' statements and the transfer evidence, decided here. */
export default function DisputesPage() {
  const disputes = useDisputes();
  const [deciding, setDeciding] = useState<{ dispute: TAdminDispute; kind: TDecisionKind } | null>(null);
  if (disputes.isPending) return <Skeleton className="h-40 w-full" />;
  if (disputes.isError)
    return <p className="text-destructive text-sm">Could not load: {disputes.error.message}</p>;
  return (
    <div className="grid gap-4">
      {disputes.data.length === 0 ? (
        <Card>
          <CardContent className="pt-6 text-muted-foreground text-sm">No sale is disputed.</CardContent>
        </Card>
      ) : (
        disputes.data.map((d) => (
          <DisputeCard key={d.id} d={d} onDecide={(kind) => setDeciding({ dispute: d, kind })} />
        ))
      )}
      {deciding && (
        <DisputeDecisionDialog
          dispute={deciding.dispute}
          kind={deciding.kind}
          onClose={() => setDeciding(null)}
        />
      )}
    </div>
  );
}

import {
  marketplaceDealPaths,
  type TMarketplaceTransaction,
  TRANSACTION_STATUS_LABELS,
} from "@shared/api/marketplace/deals";
import { pathTo } from "@shared/path-to";
import { useState } from "react";
import { Link } from "wouter";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { usePurchaseBlock, useRouteBlock } from "@/lib/can-purchase";
import { formatDate, formatMoney } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { type TSaleAction, useActOnTransaction } from "../api/act-on-transaction";
import { useTransaction } from "../api/get-transaction";
import { LeaseStatus } from "./lease-status";

/** What each side does next, by status. */
const NEXT_STEP: Record<string, { buyer: string; seller: string }> = {
  awaiting_payment: { buyer: "Pay the price into escrow.", seller: "The buyer is paying into escrow." },
  leasing: {
    buyer: "Your instalments are taken each month. You choose what the domain serves until it is yours.",
    seller:
      "The lessee pays each month and controls what the domain serves. Move it after the last instalment.",
  },
  awaiting_transfer: {
    buyer: "Once the seller has moved the domain to you, publish the TXT record below and confirm.",
    seller: "The payment is held. Move the domain to the buyer at your registrar.",
  },
  inspection: {
    buyer: "Check the domain. Accept it, or open a dispute before inspection ends.",
    seller: "The buyer is inspecting the domain; you are paid when inspection ends.",
  },
  disputed: { buyer: "Our staff are deciding the dispute.", seller: "Our staff are deciding the dispute." },
};

/** Both sides' statements on a dispute, and the viewer's own to give or replace for staff. */
function DisputeStatements(props: {
  sale: TMarketplaceTransaction;
  pending: boolean;
  onGive: (text: string) => Promise<unknown>;
}) {
  const { sale, pending, onGive } = props;
  const own = sale.statements[sale.role];
  const other = sale.statements[sale.role === "buyer" ? "seller" : "buyer"];
  const [text, setText] = useState("");
  const block = useRouteBlock("POST", pathTo(marketplaceDealPaths.statement, { id: sale.id }));
  const give = () =>
    onGive(text.trim()).then(
      () => {
        setText("");
        toast({ title: "Statement Given", description: "Staff read both sides before deciding." });
      },
      (e) => toastError(e),
    );
  return (
    <div className="grid gap-2 border-t pt-3 text-sm" data-testid="dispute-statements">
      <p>
        <span className="font-medium">Your statement:</span> {own ? own.text : "none yet."}
      </p>
      <p>
        <span className="font-medium">The {sale.role === "buyer" ? "seller" : "buyer"}'s statement:</span>{" "}
        {other ? other.text : "none yet."}
      </p>
      <Label htmlFor="dispute-statement">{own ? "Replace your statement" : "Give your statement"}</Label>
      <Textarea
        id="dispute-statement"
        rows={3}
        maxLength={5000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="What happened, with dates, registrar names and anything staff can check."
      />
      <div className="grid justify-items-start gap-1.5">
        <Button variant="outline" onClick={give} disabled={pending || !text.trim()} {...block?.button}>
          Send Statement to Staff
        </Button>
        <PurchaseBlockedNote block={block} />
      </div>
    </div>
  );
}

/** One escrow sale: where it stands, what to do next, and the actions of the viewer's side. */
export function SaleDetails({ id }: { id: string }) {
  const sale = useTransaction(id);
  const act = useActOnTransaction();
  const [reason, setReason] = useState("");
  const block = usePurchaseBlock();
  const cancelBlock = useRouteBlock("POST", pathTo(marketplaceDealPaths.cancel, { id }));
  const transferBlock = useRouteBlock("POST", pathTo(marketplaceDealPaths.confirmTransfer, { id }));
  const acceptBlock = useRouteBlock("POST", pathTo(marketplaceDealPaths.acceptTransaction, { id }));
  const disputeBlock = useRouteBlock("POST", pathTo(marketplaceDealPaths.dispute, { id }));
  if (sale.isPending) return <Card className="p-5">Loading…</Card>;
  if (sale.isError) return <Card className="p-5 text-destructive">This sale was not found.</Card>;
  const s = sale.data;
  const run = (action: TSaleAction, title: string) =>
    act.mutate(
      { id, action, reason },
      { onSuccess: () => toast({ title, description: s.domainName }), onError: (e) => toastError(e) },
    );
  const step = NEXT_STEP[s.status]?.[s.role];
  return (
    <Card className="grid gap-4 p-5" data-testid="sale-details">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-semibold text-xl">{s.domainName}</h2>
        <Badge variant="info" data-testid="sale-status">
          {TRANSACTION_STATUS_LABELS[s.status]}
        </Badge>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Price</dt>
        <dd className="font-semibold">{formatMoney(s.amount)}</dd>
        {s.role === "seller" && (
          <>
            <dt className="text-muted-foreground">You receive</dt>
            <dd data-testid="seller-proceeds">
              {s.testMoney
                ? `Nothing: the buyer paid with test money in the sandbox (a real sale would credit ${formatMoney(s.sellerProceeds)} after ${Number(s.commissionPercent)}% commission)`
                : `${formatMoney(s.sellerProceeds)} (after ${Number(s.commissionPercent)}% commission)`}
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">Buyer Protection</dt>
        <dd>{s.protection?.summary ?? `${s.inspectionDays}-day inspection`}</dd>
        {s.deadline && (
          <>
            <dt className="text-muted-foreground">This step ends</dt>
            <dd>{formatDate(s.deadline)}</dd>
          </>
        )}
      </dl>
      {s.lease && <LeaseStatus sale={s} />}
      {step && <p className="text-sm">{step}</p>}
      {s.role === "buyer" && s.status === "awaiting_payment" && s.orderId && (
        <div className="grid justify-items-start gap-1.5">
          {block ? (
            <Button {...block.button}>Pay {formatMoney(s.lease ? s.lease.monthly : s.amount)}</Button>
          ) : (
            <Link className={buttonVariants()} href={`/checkout/service/${s.orderId}`}>
              Pay {formatMoney(s.lease ? s.lease.monthly : s.amount)}
            </Link>
          )}
          <PurchaseBlockedNote block={block} />
        </div>
      )}
      {s.status === "awaiting_payment" && (
        <div className="grid justify-items-start gap-1.5">
          <Button
            variant="outline"
            onClick={() => run("cancel", "Sale Cancelled")}
            disabled={act.isPending}
            {...cancelBlock?.button}
          >
            Cancel Sale
          </Button>
          <PurchaseBlockedNote block={cancelBlock} />
        </div>
      )}
      {s.transfer && s.status === "awaiting_transfer" && (
        <div className="grid gap-2 rounded-md border bg-slate-50 p-3 text-sm">
          <p>Add this TXT record at your DNS provider:</p>
          <p>
            Name: <code>{s.transfer.txtRecord.name}</code>
          </p>
          <p>
            Value: <code data-testid="txt-value">{s.transfer.txtRecord.value}</code>
          </p>
          <div className="grid justify-items-start gap-1.5">
            <Button
              onClick={() => run("confirmTransfer", "Transfer Confirmed")}
              disabled={act.isPending}
              {...transferBlock?.button}
            >
              Confirm Transfer
            </Button>
            <PurchaseBlockedNote block={transferBlock} />
          </div>
        </div>
      )}
      {s.role === "buyer" && s.status === "inspection" && (
        <div className="grid justify-items-start gap-1.5">
          <Button
            onClick={() => run("acceptTransaction", "Domain Accepted")}
            disabled={act.isPending}
            {...acceptBlock?.button}
          >
            Accept Domain
          </Button>
          <PurchaseBlockedNote block={acceptBlock} />
        </div>
      )}
      {["awaiting_transfer", "inspection"].includes(s.status) && (
        <div className="grid gap-2 border-t pt-3">
          <Label htmlFor="dispute-reason">Something wrong?</Label>
          <Textarea id="dispute-reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="grid justify-items-start gap-1.5">
            <Button
              variant="outline"
              onClick={() => run("dispute", "Dispute Opened")}
              disabled={act.isPending || !reason.trim()}
              {...disputeBlock?.button}
            >
              Open a Dispute
            </Button>
            <PurchaseBlockedNote block={disputeBlock} />
          </div>
        </div>
      )}
      {s.status === "disputed" && s.disputeReason && <p className="text-sm">Dispute: {s.disputeReason}</p>}
      {s.status === "disputed" && (
        <DisputeStatements
          sale={s}
          pending={act.isPending}
          onGive={(text) => act.mutateAsync({ id, action: "statement", reason: text })}
        />
      )}
    </Card>
  );
}

import type { TAdminPayout } from "@shared/api/admin/payouts";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogShell } from "@/components/ui/dialog";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { getPayoutPage, payoutKeys, useReviewPayout } from "../api/payouts";
import { AdminSearch } from "../components/admin-search";
import { AdminTable } from "../components/admin-table";
import { RejectPayoutDialog } from "../components/reject-payout-dialog";
import { TaxFormsPanel } from "../components/tax-forms-panel";

const STATUS_OPTIONS = [
  { value: "held", label: "Held for review" },
  { value: "processing", label: "Processing" },
  { value: "completed", label: "Completed" },
  { value: "failed", label: "Failed" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All payouts" },
];

/** Payouts: the held ones wait here for a member of staff to approve (send) or reject them. */
export default function PayoutsPage() {
  const [filter, setFilter] = useState({ status: "held", q: "" });
  const [approving, setApproving] = useState<TAdminPayout | null>(null);
  const [rejecting, setRejecting] = useState<TAdminPayout | null>(null);
  const review = useReviewPayout();

  return (
    <div className="grid gap-6">
      <TaxFormsPanel />
      <AdminSearch
        label="Search payouts"
        textLabel="Owner or PayPal email"
        onSearch={(q) => setFilter((current) => ({ ...current, q }))}
        status={{
          value: filter.status,
          options: STATUS_OPTIONS,
          onChange: (status) => setFilter((current) => ({ ...current, status })),
        }}
      />
      <AdminTable<TAdminPayout>
        label="Payouts"
        queryKey={payoutKeys.page(filter.status, filter.q)}
        fetchPage={(cursor) => getPayoutPage(filter.status, filter.q, cursor)}
        empty="No payout matches this search."
        columns={[
          {
            header: "Payout",
            className: "whitespace-normal align-top",
            cell: (p) => (
              <>
                <p className="font-semibold text-slate-900">{formatMoney(p.amount)}</p>
                <p className="text-muted-foreground text-xs">{formatDate(p.createdAt)}</p>
              </>
            ),
          },
          {
            header: "Owner and PayPal",
            className: "min-w-48 whitespace-normal align-top",
            cell: (p) => (
              <>
                <p className="break-all">
                  {p.user.name} · {p.user.email}
                </p>
                <p className="break-all text-muted-foreground text-xs">to {p.paypalEmail}</p>
                <PayeeState payee={p.payee} />
              </>
            ),
          },
          {
            header: "Why held · earlier payouts",
            className: "min-w-56 whitespace-normal align-top",
            cell: (p) => (
              <>
                <p>{p.holdReason ?? "Not held"}</p>
                <p className="mt-1 break-words text-muted-foreground text-xs">
                  {p.history.completed === 0
                    ? "No earlier payouts"
                    : `Earlier: ${formatNumber(p.history.completed)} · ${formatMoney(p.history.completedTotal)}, last to ${p.history.lastPaypalEmail}`}
                </p>
              </>
            ),
          },
          {
            header: "Review",
            className: "whitespace-normal align-top",
            cell: (p) =>
              p.status === "held" ? (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    onClick={() => setApproving(p)}
                    disabled={review.isPending || payeeBlocked(p)}
                    aria-label={`Approve ${formatMoney(p.amount)} to ${p.paypalEmail}`}
                  >
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setRejecting(p)}
                    disabled={review.isPending}
                    aria-label={`Reject ${formatMoney(p.amount)} to ${p.paypalEmail}`}
                  >
                    Reject
                  </Button>
                </div>
              ) : (
                <Badge
                  variant={p.status === "rejected" || p.status === "failed" ? "destructive" : "secondary"}
                  className="whitespace-normal"
                >
                  {p.rejectReason ? `Rejected: ${p.rejectReason}` : p.status}
                </Badge>
              ),
          },
        ]}
      />
      <ApprovePayoutDialog payout={approving} onClose={() => setApproving(null)} />
      <RejectPayoutDialog payout={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}

/** Approving sends the money at once: staff confirm the amount and the payee first. */
function ApprovePayoutDialog({ payout, onClose }: { payout: TAdminPayout | null; onClose: () => void }) {
  const review = useReviewPayout();
  const approve = () => {
    if (!payout) return;
    review.mutate(
      { id: payout.id, approve: true },
      {
        onSuccess: (answer) => {
          toast({ title: "Payout Approved", description: answer?.message });
          onClose();
        },
        onError: (error) => toastError(error, "The payout could not be approved."),
      },
    );
  };
  return (
    <DialogShell
      open={payout !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Approve payout"
      description={
        payout
          ? `Send ${formatMoney(payout.amount)} to ${payout.paypalEmail} for ${payout.user.name} (${payout.user.email})? The money leaves at once and cannot be called back.`
          : ""
      }
    >
      <DialogActions onCancel={onClose}>
        <Button onClick={approve} disabled={review.isPending}>
          {payout ? `Send ${formatMoney(payout.amount)}` : "Send"}
        </Button>
      </DialogActions>
    </DialogShell>
  );
}

const payeeBlocked = (p: TAdminPayout) => p.payee.suspended || p.payee.lockedDown;

/** Why the payee cannot be paid now; nothing when it can. Approving such a payout is refused. */
function PayeeState({ payee }: { payee: TAdminPayout["payee"] }) {
  if (!payee.suspended && !payee.lockedDown) return null;
  return (
    <div className="flex flex-wrap gap-1">
      {payee.suspended && (
        <Badge variant="destructive" title={payee.suspendReason ?? undefined}>
          Suspended{payee.suspendReason ? `: ${payee.suspendReason}` : ""}
        </Badge>
      )}
      {payee.lockedDown && <Badge variant="destructive">Locked down · payouts frozen</Badge>}
    </div>
  );
}

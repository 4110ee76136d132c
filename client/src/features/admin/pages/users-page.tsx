import type { TAdminUser } from "@shared/api/admin-users";
import { useState } from "react";
import { ReasonField } from "@/components/reason-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogShell } from "@/components/ui/dialog";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { getUserPage, userKeys, useSetSuspended, useUserReview } from "../api/users";
import { AdminSearch } from "../components/admin-search";
import { AdminTable } from "../components/admin-table";

/** Users: find an account, review it, suspend or restore it. */
export default function UsersPage() {
  const [q, setQ] = useState("");
  const [reviewing, setReviewing] = useState<string | null>(null);

  return (
    <div className="grid gap-6">
      <AdminSearch label="Search users" textLabel="Email, username or name" onSearch={setQ} />
      <AdminTable<TAdminUser>
        label="Users"
        queryKey={userKeys.page(q)}
        fetchPage={(cursor) => getUserPage(q, cursor)}
        empty="No account matches this search."
        columns={[
          { header: "Name", cell: (u) => `${u.name} (@${u.username})` },
          { header: "Email", cell: (u) => <span className="break-all">{u.email}</span> },
          { header: "Plan", cell: (u) => (u.role === "staff" ? `${u.plan} · staff` : u.plan) },
          { header: "Domains", cell: (u) => formatNumber(u.domains), className: "text-right" },
          { header: "Joined", cell: (u) => formatDate(u.createdAt) },
          {
            header: "Account",
            cell: (u) => (
              <div className="flex items-center gap-2">
                {u.suspendedAt && <Badge variant="destructive">Suspended</Badge>}
                <Button variant="outline" size="sm" onClick={() => setReviewing(u.id)}>
                  Review
                </Button>
              </div>
            ),
          },
        ]}
      />
      <UserReview id={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}

function UserReview({ id, onClose }: { id: string | null; onClose: () => void }) {
  const review = useUserReview(id);
  const setSuspended = useSetSuspended();
  const [reason, setReason] = useState("");
  const user = review.data?.user;
  const act = (suspend: boolean) => {
    if (!user) return;
    setSuspended.mutate(
      { id: user.id, suspend, reason },
      {
        onSuccess: () => {
          toast({ title: suspend ? "Account Suspended" : "Account Restored", description: user.email });
          setReason("");
        },
        onError: (error) => toastError(error, "The account could not be changed."),
      },
    );
  };

  return (
    <DialogShell
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      className="sm:max-w-2xl"
      title={user ? user.name : "Account"}
      titleClassName="break-all"
      description={user?.email}
    >
      {!review.data ? (
        <p className="text-muted-foreground text-sm">Loading…</p>
      ) : (
        <div className="grid gap-4 text-sm">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <div>
              <dt className="text-muted-foreground text-xs">Available</dt>
              <dd className="font-medium">{formatMoney(review.data.balance.available)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Pending</dt>
              <dd className="font-medium">{formatMoney(review.data.balance.pending)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Domains</dt>
              <dd className="font-medium">{formatNumber(review.data.user.domains)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Orders shown</dt>
              <dd className="font-medium">{formatNumber(review.data.orders.length)}</dd>
            </div>
          </dl>
          <Section title="Domains" items={review.data.domains.map((d) => `${d.name} · ${d.status}`)} />
          <Section
            title="Orders"
            items={review.data.orders.map(
              (o) => `${formatDate(o.createdAt)} · ${o.description} · ${formatMoney(o.price)} · ${o.status}`,
            )}
          />
          <Section
            title="Security events"
            items={review.data.audit.map(
              (a) => `${formatDate(a.createdAt)} · ${a.event} · ${a.address ?? ""}`,
            )}
          />
          {review.data.user.suspendedAt ? (
            <div className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3">
              <p>
                Suspended {formatDate(review.data.user.suspendedAt)}: {review.data.user.suspendReason}
              </p>
              <Button variant="outline" onClick={() => act(false)} disabled={setSuspended.isPending}>
                Restore Account
              </Button>
            </div>
          ) : (
            <div className="grid gap-2">
              <ReasonField
                id="suspend-reason"
                label="Reason to suspend"
                value={reason}
                onChange={setReason}
              />
              <Button
                variant="destructive"
                onClick={() => act(true)}
                disabled={reason.trim().length < 3 || setSuspended.isPending}
              >
                Suspend Account
              </Button>
            </div>
          )}
        </div>
      )}
    </DialogShell>
  );
}

function Section({ title, items }: { title: string; items: string[] }) {
  return (
    <section aria-label={title} className="grid gap-1">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {items.length === 0 ? (
        <p className="text-muted-foreground">None</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable to scroll
        <ul tabIndex={0} className="grid max-h-40 gap-0.5 overflow-y-auto break-words">
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list, never reordered
            <li key={i}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

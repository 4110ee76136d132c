import { zodResolver } from "@hookform/resolvers/zod";
import { type TAdminUserDetail, ZSuspendBody } from "@shared/api/admin/users";
import { useController, useForm } from "react-hook-form";
import type { z } from "zod";
import { ReasonField } from "@/components/reason-field";
import { Button } from "@/components/ui/button";
import { DialogShell } from "@/components/ui/dialog";
import { showServerIssues } from "@/lib/form-errors";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { useSetSuspended, useUserReview } from "../api/users";

/** One account as staff review it: its balance, domains, orders and security events; suspend or restore it. */
export function UserReviewDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const review = useUserReview(id);
  const user = review.data?.user;
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
            <RestoreAccount user={review.data.user} />
          ) : (
            <SuspendAccount key={review.data.user.id} user={review.data.user} />
          )}
        </div>
      )}
    </DialogShell>
  );
}

type TReviewedUser = TAdminUserDetail["user"];

function RestoreAccount({ user }: { user: TReviewedUser }) {
  const setSuspended = useSetSuspended();
  const restore = () =>
    setSuspended.mutate(
      { id: user.id, suspend: false },
      {
        onSuccess: () => toast({ title: "Account Restored", description: user.email }),
        onError: (error) => toastError(error, "The account could not be changed."),
      },
    );
  return (
    <div className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3">
      <p>
        Suspended {formatDate(user.suspendedAt ?? "")}: {user.suspendReason}
      </p>
      <Button variant="outline" onClick={restore} disabled={setSuspended.isPending}>
        Restore Account
      </Button>
    </div>
  );
}

/** The reason, checked by the suspend body's schema: the account's owner is told it. */
function SuspendAccount({ user }: { user: TReviewedUser }) {
  const setSuspended = useSetSuspended();
  const form = useForm<z.input<typeof ZSuspendBody>, unknown, z.output<typeof ZSuspendBody>>({
    resolver: zodResolver(ZSuspendBody),
    mode: "onChange",
    defaultValues: { reason: "" },
  });
  const { field, fieldState } = useController({ control: form.control, name: "reason" });
  // The rule is shown once the field is left short, or whenever the server refused it.
  const error =
    fieldState.error && (fieldState.isTouched || fieldState.error.type === "server")
      ? fieldState.error.message
      : undefined;
  const submit = form.handleSubmit(({ reason }) =>
    setSuspended.mutate(
      { id: user.id, suspend: true, reason },
      {
        onSuccess: () => toast({ title: "Account Suspended", description: user.email }),
        onError: (failure) => {
          if (!showServerIssues(failure, form.setError, ["reason"]))
            toastError(failure, "The account could not be changed.");
        },
      },
    ),
  );
  return (
    <form className="grid gap-2" onSubmit={submit} noValidate>
      <ReasonField
        id="suspend-reason"
        label="Reason to suspend"
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={error}
      />
      <Button
        type="submit"
        variant="destructive"
        disabled={!form.formState.isValid || setSuspended.isPending}
      >
        Suspend Account
      </Button>
    </form>
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

import { AlertTriangle } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { useSubscriptions } from "@/lib/api/get-subscriptions";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format";

/** A failed renewal, on every signed-in page: what is at stake, until when, and where to pay. */
export function PastDueBanner({ className }: { className?: string }) {
  const subscriptions = useSubscriptions();
  const due = (subscriptions.data ?? []).filter(
    (s) => s.status === "past_due" || (s.status === "lapsed" && s.payUrl),
  );
  if (due.length === 0) return null;
  return (
    <div className={cn("grid gap-2", className)}>
      {due.map((sub) => (
        <div
          key={sub.id}
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 text-sm"
        >
          <p className="flex items-start gap-2">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              The payment for <strong>{sub.option}</strong> failed.{" "}
              {sub.status === "past_due" && sub.graceEndsAt
                ? `It stays active until ${formatDate(sub.graceEndsAt)}.`
                : "It has ended; paying restores it."}
            </span>
          </p>
          {sub.payUrl ? (
            <Link href={sub.payUrl} className={buttonVariants({ size: "sm" })}>
              Pay now
            </Link>
          ) : (
            <span>
              Update your payment method with {sub.provider === "paypal" ? "PayPal" : "your card provider"}.
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

import { AlertCircle, CheckCircle2, XCircle } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";

/** Back to the dashboard, as a link that looks like a button. */
export function BackToDashboard({ variant = "outline" }: { variant?: "outline" | "default" }) {
  return (
    <Link href="/dashboard" className={buttonVariants({ variant })}>
      Back to Dashboard
    </Link>
  );
}

/** The buyer came back from the provider without paying: say so and let them try again. */
export function CancelledNotice() {
  return (
    <div
      role="status"
      className="mb-6 flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900 text-sm"
    >
      <XCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
      <div>
        <p className="font-semibold">Payment cancelled</p>
        <p className="mt-0.5">
          Your payment was cancelled and you have not been charged. You can try again below.
        </p>
      </div>
    </div>
  );
}

/** A paid order offers no payment options (docs/product.md#states). */
export function AlreadyPaidNotice() {
  return (
    <div className="space-y-4">
      <div
        role="status"
        className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900 text-sm"
      >
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
        <p className="font-medium">This service order has already been paid for.</p>
      </div>
      <BackToDashboard />
    </div>
  );
}

/** The order could not be loaded: the error's message, else 'Service order not found'. */
export function OrderLoadError({ message }: { message: string }) {
  return (
    <div className="space-y-5 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50">
        <AlertCircle aria-hidden="true" className="size-6 text-red-600" />
      </div>
      <p role="alert" className="font-medium text-slate-900">
        {message}
      </p>
      <BackToDashboard variant="default" />
    </div>
  );
}

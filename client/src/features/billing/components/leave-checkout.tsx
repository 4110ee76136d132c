import { Link, useLocation } from "wouter";
import { CancelButton } from "@/components/cancel-button";
import { buttonVariants } from "@/components/ui/button";
import { toast, toastError } from "@/lib/toast";
import { useCancelOrder } from "../api/update-billing";

/** The way back from a checkout: leave the order for later (Settings → Billing keeps it) or cancel it. */
export function LeaveCheckout({ orderId }: { orderId: string }) {
  const cancel = useCancelOrder();
  const [, navigate] = useLocation();
  return (
    <div className="mt-6 flex flex-wrap items-center justify-center gap-3 border-t pt-5 text-sm">
      <Link href="/settings#billing" className={buttonVariants({ variant: "ghost", size: "sm" })}>
        Back: pay later
      </Link>
      <CancelButton
        pending={cancel.isPending}
        onClick={() =>
          cancel.mutate(orderId, {
            onSuccess: () => {
              toast({ title: "Order cancelled", description: "Nothing was charged." });
              navigate("/settings#billing");
            },
            onError: (error) => toastError(error),
          })
        }
      >
        Cancel this order
      </CancelButton>
    </div>
  );
}

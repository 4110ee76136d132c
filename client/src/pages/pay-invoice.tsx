import { useParams, useSearch } from "wouter";
import { CheckoutShell } from "@/features/checkout/components/checkout-shell";
import { CheckoutSkeleton } from "@/features/checkout/components/checkout-skeleton";
import { useLeadInvoice } from "@/features/lead-sales/api/get-lead-invoice";
import { LeadInvoiceView } from "@/features/lead-sales/components/lead-invoice-view";
import { errorMessage } from "@/lib/api-error";

/** /pay/invoice/{token}: a lead buyer reads its monthly invoice and pays it, signed out. */
export default function PayInvoicePage() {
  const { token = "" } = useParams<{ token: string }>();
  const search = new URLSearchParams(useSearch());
  const back = search.get("paid") === "1";
  const invoice = useLeadInvoice(token, { pollUntilPaid: back });
  return (
    <CheckoutShell title="Lead Invoice">
      {invoice.isPending ? (
        <CheckoutSkeleton />
      ) : invoice.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(invoice.error, "Invoice not found")}
        </p>
      ) : (
        <>
          {search.get("cancelled") === "1" && invoice.data.status === "open" && (
            <p role="status" className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-900 text-sm">
              The payment was cancelled. You can try again.
            </p>
          )}
          {back && invoice.data.status === "open" && (
            <p role="status" className="mb-4 rounded-lg bg-slate-100 p-3 text-slate-700 text-sm">
              Waiting for the payment provider to confirm your payment…
            </p>
          )}
          <LeadInvoiceView token={token} invoice={invoice.data} />
        </>
      )}
    </CheckoutShell>
  );
}

import { PageHeader } from "@/components/page-header";

export default function CheckoutSuccessPage() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <PageHeader title="Payment Successful!" />
    </main>
  );
}

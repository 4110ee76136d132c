import { PageHeader } from "@/components/page-header";

export default function PaymentsPage() {
  return <PageHeader title="Payments & Payouts" />;
}

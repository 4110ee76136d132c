import { PageHeader } from "@/components/page-header";
import { RevenueScheduleCard } from "@/features/payouts/components/revenue-schedule-card";
import { TestPaymentCard } from "@/features/payouts/components/test-payment-card";
import { TransactionHistory } from "@/features/payouts/components/transaction-history";

export default function PaymentsPage() {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader
        className="mb-0"
        title="Payments & Payouts"
        description="Your balance, payouts and every payment on your account."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RevenueScheduleCard />
        <TestPaymentCard />
      </div>
      <TransactionHistory />
    </div>
  );
}

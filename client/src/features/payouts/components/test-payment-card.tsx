import type { TPayPalSetup } from "@shared/api/payouts";
import { TEST_PAYMENT } from "@shared/catalog";
import { FlaskConical, Wallet } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-error";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { getPayPalSetup, useSandboxWalletPayment } from "../api/wallet-test-payment";
import { PaymentMethodsList } from "./payment-methods-list";
import { PayPalWalletButtons } from "./paypal-wallet-buttons";

const AMOUNT = /^\d{1,5}(\.\d{1,2})?$/;

/**
 * Test a payment end to end: the wallet button runs the PayPal flow (PayPal's buttons with keys,
 * the sandbox's capture without, test money). Cards are tried at the checkout of any order, where
 * the sandbox or Stripe takes them; this card makes no payment it cannot make.
 */
export function TestPaymentCard() {
  const amountId = useId();
  const [amount, setAmount] = useState(String(Number(TEST_PAYMENT.amount)));
  const [walletSetup, setWalletSetup] = useState<TPayPalSetup | null>(null);
  const [loadingWallet, setLoadingWallet] = useState(false);
  const sandboxPayment = useSandboxWalletPayment();
  const valid = AMOUNT.test(amount.trim()) && Number(amount) > 0;
  const busy = loadingWallet || sandboxPayment.isPending;

  const payWithWallet = async () => {
    setLoadingWallet(true);
    try {
      const setup = await getPayPalSetup();
      if (setup.mode === "live") return setWalletSetup(setup);
      const capture = await sandboxPayment.mutateAsync({
        amount: amount.trim(),
        currency: TEST_PAYMENT.currency,
        intent: TEST_PAYMENT.intent,
      });
      toast({
        title: "Payment Successful!",
        description: `${formatMoney(capture.amount)} of test money was captured in the PayPal sandbox; nothing was charged.`,
      });
    } catch (error) {
      toast({
        title: "Payment Error",
        description: errorMessage(error, "Failed to initiate PayPal checkout"),
        variant: "destructive",
      });
    } finally {
      setLoadingWallet(false);
    }
  };

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FlaskConical aria-hidden="true" className="size-5 text-emerald-600" />
          Test Payment
        </CardTitle>
        <CardDescription>
          Try PayPal's payment flow with an amount of your choice. Without PayPal keys it runs in the sandbox:
          test money, nothing is charged. Card payments are tried at the checkout of any order.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={amountId}>Amount</Label>
          <div className="flex items-center gap-2">
            <Input
              id={amountId}
              inputMode="decimal"
              value={amount}
              aria-invalid={!valid}
              onChange={(e) => {
                setAmount(e.target.value);
                setWalletSetup(null);
              }}
              className="max-w-40"
            />
            <Badge variant="neutral">{TEST_PAYMENT.currency}</Badge>
            <Badge variant="outline">Intent: {TEST_PAYMENT.intent}</Badge>
          </div>
          {!valid && (
            <p className="text-destructive text-sm">Enter an amount above zero, in dollars and cents.</p>
          )}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Button disabled={!valid || busy} onClick={payWithWallet}>
            {busy ? (
              <Spinner className="size-4 text-current" label="Paying" />
            ) : (
              <Wallet aria-hidden="true" />
            )}
            Pay with PayPal
          </Button>
        </div>
        {walletSetup && <PayPalWalletButtons setup={walletSetup} amount={amount.trim()} />}
        <PaymentMethodsList />
      </CardContent>
    </Card>
  );
}

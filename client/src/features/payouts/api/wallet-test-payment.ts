import {
  PAYMENT_PATHS,
  type TPayPalSetup,
  type TTestCaptureAnswer,
  type TTestOrderBody,
  ZPayPalSetup,
  ZTestCaptureAnswer,
  ZTestOrderAnswer,
} from "@shared/api/payouts";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The wallet test flow's three calls (docs/product.md#the-calls): setup, order, capture. */
export async function getPayPalSetup(): Promise<TPayPalSetup> {
  const res = await apiRequest("GET", PAYMENT_PATHS.paypalSetup);
  return ZPayPalSetup.parse(await res.json());
}

export async function createTestOrder(body: TTestOrderBody): Promise<string> {
  const res = await apiRequest("POST", PAYMENT_PATHS.paypalOrder, body);
  return ZTestOrderAnswer.parse(await res.json()).id;
}

export async function captureTestOrder(orderId: string): Promise<TTestCaptureAnswer> {
  const res = await apiRequest("POST", pathTo(PAYMENT_PATHS.paypalCapture, { id: orderId }));
  return ZTestCaptureAnswer.parse(await res.json());
}

/** The sandbox's version of the flow: no buttons to approve in, so order and capture at once. */
export function useSandboxWalletPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TTestOrderBody) => captureTestOrder(await createTestOrder(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
  });
}

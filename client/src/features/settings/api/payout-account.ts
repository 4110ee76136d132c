import { type TTaxFormBody, ZTaxFormAnswer } from "@shared/api/payouts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

const ZPayoutAccount = z.object({
  rail: z.enum(["paypal", "paypal-batch", "stripe"]),
  bankAccount: z
    .object({ state: z.string(), words: z.string(), requirementsDue: z.array(z.string()) })
    .nullable(),
});
export type TPayoutAccount = z.infer<typeof ZPayoutAccount>;

const accountQuery = queryOptions({
  queryKey: ["payout-account"],
  queryFn: async () => ZPayoutAccount.parse(await (await apiRequest("GET", "/api/payouts/account")).json()),
});
const taxFormQuery = queryOptions({
  queryKey: ["tax-form"],
  queryFn: async () => ZTaxFormAnswer.parse(await (await apiRequest("GET", "/api/tax-forms/current")).json()),
});

/** The payee's rail (PayPal, PayPal in batches, bank account) and the bank account's state. */
export const usePayoutAccount = () => useQuery(accountQuery);
/** The tax form on file, if any. */
export const useTaxForm = () => useQuery(taxFormQuery);

/** "Bank account": creates the Stripe Express account once and answers Stripe's onboarding link. */
export function useStartBankOnboarding() {
  return useMutation({
    mutationFn: async () =>
      z
        .object({ url: z.string() })
        .parse(await (await apiRequest("POST", "/api/payouts/bank-account")).json()),
  });
}

export function useChoosePayPal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rail: "paypal" | "paypal-batch") =>
      ZPayoutAccount.parse(await (await apiRequest("PUT", "/api/payouts/rail", { rail })).json()),
    onSuccess: (saved) => queryClient.setQueryData(accountQuery.queryKey, saved),
  });
}

export function useSubmitTaxForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TTaxFormBody) =>
      ZTaxFormAnswer.parse(await (await apiRequest("POST", "/api/tax-forms", body)).json()),
    onSuccess: (saved) => queryClient.setQueryData(taxFormQuery.queryKey, saved),
  });
}

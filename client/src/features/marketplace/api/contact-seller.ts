import { marketplacePaths, type TContactSellerBody, ZContactAnswer } from "@shared/api/marketplace/listings";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export async function contactSeller(body: TContactSellerBody): Promise<{ id: string }> {
  const res = await apiRequest("POST", marketplacePaths.contact, body);
  return ZContactAnswer.parse(await res.json());
}

/** Sends a message to the seller of a listed domain. */
export function useContactSeller() {
  return useMutation({ mutationFn: contactSeller });
}

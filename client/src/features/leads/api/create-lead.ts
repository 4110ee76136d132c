import type { TLeadAnswer } from "@shared/api/leads/form";
import { useCallback, useState } from "react";
import { loadLeadContract } from "./load-lead-contract";

export type CreateLeadInput = { email: string; zipCode: string };

/** Sends a landing-page lead; the answer says where the visitor's quotes tab goes. */
export async function createLead(input: CreateLeadInput): Promise<TLeadAnswer> {
  const { LEADS_PATH, LEAD_SOURCE, LEAD_VALUE, ZLeadAnswer, apiRequest } = await loadLeadContract();
  const res = await apiRequest("POST", LEADS_PATH, {
    ...input,
    source: LEAD_SOURCE,
    value: LEAD_VALUE,
  });
  return ZLeadAnswer.parse(await res.json());
}

/**
 * The lead submission with its pending flag. The public landing page runs without the query
 * client (see app/provider), so this keeps its own state instead of using a mutation.
 */
export function useCreateLead() {
  const [isPending, setIsPending] = useState(false);
  const mutateAsync = useCallback(async (input: CreateLeadInput) => {
    setIsPending(true);
    try {
      return await createLead(input);
    } finally {
      setIsPending(false);
    }
  }, []);
  return { isPending, mutateAsync };
}

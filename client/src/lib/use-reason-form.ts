import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";

type ReasonBody = { reason: string };

/**
 * A staff dialog's one-field form, a reason, on the API's own schema for it: `error` is the rule
 * once the field was left short, or the server's word whenever it refused the reason; `reset`
 * empties it for the next opening.
 */
export function useReasonForm(schema: z.ZodType<ReasonBody, ReasonBody>) {
  const form = useForm<ReasonBody, unknown, ReasonBody>({
    resolver: zodResolver(schema),
    mode: "onChange",
    defaultValues: { reason: "" },
  });
  const { errors, touchedFields } = form.formState;
  const error =
    errors.reason && (touchedFields.reason || errors.reason.type === "server")
      ? errors.reason.message
      : undefined;
  return { form, error, reset: () => form.reset({ reason: "" }) };
}

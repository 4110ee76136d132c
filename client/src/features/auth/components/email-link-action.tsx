import type { UseMutationResult } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/api-error";

/**
 * The page a mailed link opens. It acts only when the button is pressed, so a mail scanner that
 * opens the link confirms or cancels nothing.
 */
export function EmailLinkAction(props: {
  action: UseMutationResult<void, Error, string>;
  intro: string;
  button: string;
  busy: string;
  done: string;
  failed: string;
}) {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { action } = props;

  if (!token) return <p className="text-sm">This link is incomplete. Settings can send you a new one.</p>;
  if (action.isSuccess) {
    return (
      <p className="flex items-start gap-2 text-sm" role="status">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
        {props.done}
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm">{props.intro}</p>
      {action.isError && (
        <p className="text-destructive text-sm" role="alert">
          {apiErrorMessage(action.error, props.failed)}
        </p>
      )}
      <Button type="button" size="lg" disabled={action.isPending} onClick={() => action.mutate(token)}>
        {action.isPending ? props.busy : props.button}
      </Button>
    </div>
  );
}

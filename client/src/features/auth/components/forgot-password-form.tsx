import { zodResolver } from "@hookform/resolvers/zod";
import { type TPasswordResetBody, ZPasswordResetBody } from "@shared/api/auth/security";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { showServerIssues } from "@/lib/form-errors";
import { toastError } from "@/lib/toast";
import { useRequestPasswordReset } from "../api/password-reset";
import { EmailField } from "./form-field";

/** "Forgot password?": the email to send a reset link to, checked by the request's own rule. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<TPasswordResetBody>({
    resolver: zodResolver(ZPasswordResetBody),
    defaultValues: { email: "" },
  });
  const email = form.watch("email");

  const submit = ({ email }: TPasswordResetBody) =>
    request.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (error) => {
        showServerIssues(error, form.setError, ["email"]);
        toastError(error);
      },
    });

  if (sentTo) {
    return (
      <div className="grid gap-4" role="status">
        <p className="text-sm">
          If an account uses <strong>{sentTo}</strong>, a link to choose a new password is on its way. It
          works once, for 30 minutes.
        </p>
        <Link href="/login" className="text-primary text-sm hover:underline">
          Back to Sign In
        </Link>
      </div>
    );
  }
  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(submit)} noValidate aria-label="Reset password">
      <EmailField error={form.formState.errors.email?.message} {...form.register("email")} />
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending || !email.trim()}>
        {request.isPending ? "Sending..." : "Send Reset Link"}
      </Button>
      <Link href="/login" className="text-center text-primary text-sm hover:underline">
        Back to Sign In
      </Link>
    </form>
  );
}

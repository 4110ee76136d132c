import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { toastError } from "@/lib/toast";
import { useRequestPasswordReset } from "../api/password-reset";
import { EmailField } from "./form-field";

/** "Forgot password?": the email to send a reset link to. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) return;
    request.mutate(email.trim(), {
      onSuccess: () => setSent(true),
      onError: (error) => toastError(error),
    });
  }

  if (sent) {
    return (
      <div className="grid gap-4" role="status">
        <p className="text-sm">
          If an account uses <strong>{email.trim()}</strong>, a link to choose a new password is on its way.
          It works once, for 30 minutes.
        </p>
        <Link href="/login" className="text-primary text-sm hover:underline">
          Back to Sign In
        </Link>
      </div>
    );
  }
  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate aria-label="Reset password">
      <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending || !email.trim()}>
        {request.isPending ? "Sending..." : "Send Reset Link"}
      </Button>
      <Link href="/login" className="text-center text-primary text-sm hover:underline">
        Back to Sign In
      </Link>
    </form>
  );
}

import { ZNewPassword } from "@shared/api/auth";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useConfirmPasswordReset } from "../api/password-reset";
import { FormField } from "./form-field";

/** The page a reset link opens: a new password, twice. */
export function ResetPasswordForm() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const [, navigate] = useLocation();
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem =
      password !== again
        ? "Passwords don't match."
        : (ZNewPassword.safeParse(password).error?.issues[0]?.message ?? null);
    if (problem) {
      toast({ variant: "destructive", title: "Error", description: problem });
      return;
    }
    confirm.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast({ title: "Password Changed", description: "Sign in with your new password." });
          navigate("/login", { replace: true });
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Error",
            description: apiErrorMessage(error, "This reset link is invalid or has expired."),
          }),
      },
    );
  }

  if (!token) {
    return (
      <p className="text-sm">
        This link is incomplete.{" "}
        <Link href="/forgot-password" className="text-primary hover:underline">
          Ask for a new one
        </Link>
        .
      </p>
    );
  }
  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate aria-label="Choose a new password">
      <FormField
        id="newPassword"
        label="New Password"
        type="password"
        autoComplete="new-password"
        placeholder="8+ characters"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormField
        id="confirmNewPassword"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        value={again}
        onChange={(e) => setAgain(e.target.value)}
      />
      <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending || !password || !again}>
        {confirm.isPending ? "Saving..." : "Set New Password"}
      </Button>
    </form>
  );
}

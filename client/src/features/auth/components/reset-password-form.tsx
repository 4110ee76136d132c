import { zodResolver } from "@hookform/resolvers/zod";
import { ZPasswordResetConfirmBody } from "@shared/api/auth/security";
import { type FieldErrors, useForm } from "react-hook-form";
import { Link, useLocation, useSearch } from "wouter";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/api-error";
import { firstFieldError, showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useConfirmPasswordReset } from "../api/password-reset";
import { FormField } from "./form-field";

/** The request's own password rule, and the confirmation it must match. */
const ZResetPasswordForm = ZPasswordResetConfirmBody.pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match.",
    path: ["confirmPassword"],
  });
type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

/** The page a reset link opens: a new password, twice. */
export function ResetPasswordForm() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const [, navigate] = useLocation();
  const confirm = useConfirmPasswordReset();
  const form = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  const [password, again] = form.watch(["password", "confirmPassword"]);

  const submit = ({ password }: TResetPasswordForm) =>
    confirm.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast({ title: "Password Changed", description: "Sign in with your new password." });
          navigate("/login", { replace: true });
        },
        onError: (error) => {
          showServerIssues(error, form.setError, ["password"]);
          toast({
            variant: "destructive",
            title: "Error",
            description: apiErrorMessage(error, "This reset link is invalid or has expired."),
          });
        },
      },
    );
  // A refused form is also a toast, the confirmation's mismatch first.
  const refused = (found: FieldErrors<TResetPasswordForm>) =>
    toast({
      variant: "destructive",
      title: "Error",
      description: firstFieldError(found, ["confirmPassword", "password"]) ?? "Please check the form.",
    });

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
    <form
      className="grid gap-4"
      onSubmit={form.handleSubmit(submit, refused)}
      noValidate
      aria-label="Choose a new password"
    >
      <FormField
        id="newPassword"
        label="New Password"
        type="password"
        autoComplete="new-password"
        placeholder="8+ characters"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <FormField
        id="confirmNewPassword"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register("confirmPassword")}
      />
      <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending || !password || !again}>
        {confirm.isPending ? "Saving..." : "Set New Password"}
      </Button>
    </form>
  );
}

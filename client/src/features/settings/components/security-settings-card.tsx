import { zodResolver } from "@hookform/resolvers/zod";
import { ZChangePasswordBody } from "@shared/api/auth/sign-in";
import { Lock } from "lucide-react";
import { useId } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { z } from "zod";
import { SettingsCard } from "@/components/settings-card";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiErrorMessage } from "@/lib/api-error";
import { firstFieldError, showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useChangePassword } from "../api/change-password";

/** The request's own schema, and the confirmation it must match. */
const ZChangePasswordForm = ZChangePasswordBody.extend({ confirmPassword: z.string() }).refine(
  (v) => v.newPassword === v.confirmPassword,
  { message: "New password and confirmation don't match.", path: ["confirmPassword"] },
);
type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

const EMPTY: TChangePasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };
const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

/** Change password; the server ends the user's other sessions when it succeeds. */
export function SecuritySettingsCard() {
  const form = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: EMPTY,
  });
  const change = useChangePassword();
  const ids = { current: useId(), next: useId(), confirm: useId() };
  const [currentPassword, newPassword] = form.watch(["currentPassword", "newPassword"]);
  const ready = currentPassword !== "" && newPassword !== "";
  const { errors } = form.formState;

  function submit(body: TChangePasswordForm) {
    if (change.isPending) return;
    change.mutate(
      { currentPassword: body.currentPassword, newPassword: body.newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          toast({
            title: "Password Changed",
            description: "Your password has been updated and your other sessions were signed out.",
          });
        },
        onError: (error) => {
          showServerIssues(error, form.setError, FIELDS);
          toast({
            title: "Error",
            description: apiErrorMessage(error, "Failed to change password. Please try again."),
            variant: "destructive",
          });
        },
      },
    );
  }

  // The product's order: the confirmation first, then the new password's rules.
  const refused = (found: FieldErrors<TChangePasswordForm>) =>
    toast({
      title: "Error",
      description: firstFieldError(found, ["confirmPassword", ...FIELDS]) ?? "Please check the form.",
      variant: "destructive",
    });

  const field = (name: (typeof FIELDS)[number], id: string) => ({
    id,
    type: "password",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-error` : undefined,
    ...form.register(name),
  });

  return (
    <SettingsCard
      id="security-settings"
      icon={Lock}
      title="Security"
      description="Change your password. Other devices are signed out when you do."
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(event) => {
          // Enter in a field does nothing until the button is enabled, as clicking it would.
          if (!ready) event.preventDefault();
          else void form.handleSubmit(submit, refused)(event);
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor={ids.current}>Current Password</Label>
          <Input {...field("currentPassword", ids.current)} autoComplete="current-password" />
          <FieldError id={`${ids.current}-error`}>{errors.currentPassword?.message}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.next}>New Password</Label>
          <Input
            {...field("newPassword", ids.next)}
            placeholder="8+ characters"
            autoComplete="new-password"
          />
          <FieldError id={`${ids.next}-error`}>{errors.newPassword?.message}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.confirm}>Confirm New Password</Label>
          <Input {...field("confirmPassword", ids.confirm)} autoComplete="new-password" />
          <FieldError id={`${ids.confirm}-error`}>{errors.confirmPassword?.message}</FieldError>
        </div>
        <div>
          <Button type="submit" disabled={!ready || change.isPending}>
            {change.isPending ? "Changing..." : "Change Password"}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}

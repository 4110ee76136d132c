import { MIN_PASSWORD_LENGTH } from "@shared/api/auth";
import { Lock } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useChangePassword } from "../api/change-password";
import { SettingsCard } from "./settings-card";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** The spec's client-side rules, in its order: confirmation first, then length. */
function passwordProblem(newPassword: string, confirmPassword: string): string | null {
  if (newPassword !== confirmPassword) return "New password and confirmation don't match.";
  if (newPassword.length < MIN_PASSWORD_LENGTH) return "Password must be at least 8 characters long.";
  return null;
}

/** Change password; the server ends the user's other sessions when it succeeds. */
export function SecuritySettingsCard() {
  const [form, setForm] = useState(EMPTY);
  const change = useChangePassword();
  const ids = { current: useId(), next: useId(), confirm: useId() };
  const ready = form.currentPassword !== "" && form.newPassword !== "";

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || change.isPending) return;
    const problem = passwordProblem(form.newPassword, form.confirmPassword);
    if (problem) {
      toast({ title: "Error", description: problem, variant: "destructive" });
      return;
    }
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          setForm(EMPTY);
          toast({
            title: "Password Changed",
            description: "Your password has been updated and your other sessions were signed out.",
          });
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: apiErrorMessage(error, "Failed to change password. Please try again."),
            variant: "destructive",
          }),
      },
    );
  }

  return (
    <SettingsCard
      id="security-settings"
      icon={Lock}
      title="Security"
      description="Change your password. Other devices are signed out when you do."
    >
      <form className="grid gap-4" onSubmit={handleSubmit}>
        <div className="grid gap-2">
          <Label htmlFor={ids.current}>Current Password</Label>
          <Input
            id={ids.current}
            type="password"
            value={form.currentPassword}
            onChange={set("currentPassword")}
            autoComplete="current-password"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.next}>New Password</Label>
          <Input
            id={ids.next}
            type="password"
            value={form.newPassword}
            onChange={set("newPassword")}
            placeholder="8+ characters"
            autoComplete="new-password"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.confirm}>Confirm New Password</Label>
          <Input
            id={ids.confirm}
            type="password"
            value={form.confirmPassword}
            onChange={set("confirmPassword")}
            autoComplete="new-password"
          />
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

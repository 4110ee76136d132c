import { zodResolver } from "@hookform/resolvers/zod";
import { type TSessionUser, ZProfileBody } from "@shared/api/auth/sign-in";
import { UserRound } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { SettingsCard } from "@/components/settings-card";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-error";
import { showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useUpdateProfile } from "../api/update-profile";
import { EmailStatusLine } from "./email-status-line";

type Profile = Pick<TSessionUser, "name" | "email" | "username">;
const FIELDS = ["name", "email", "username"] as const;

/**
 * Full name, email and username, checked with the request's own schema. The server also checks
 * that the username belongs to no other account; its message is shown when it refuses. A new email takes effect
 * only once the link mailed to it is opened: the line under the field says what waits.
 */
export function ProfileSettingsCard({ user, onSaved }: { user: Profile; onSaved: () => Promise<void> }) {
  const form = useForm<Profile, unknown, z.output<typeof ZProfileBody>>({
    resolver: zodResolver(ZProfileBody),
    defaultValues: { name: user.name, email: user.email, username: user.username },
  });
  const { errors } = form.formState;
  const profile = form.watch();
  const update = useUpdateProfile();
  const ids = { name: useId(), email: useId(), username: useId() };
  const changed =
    profile.name !== user.name || profile.email !== user.email || profile.username !== user.username;

  const field = (name: (typeof FIELDS)[number]) => ({
    id: ids[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${ids[name]}-error` : undefined,
    ...form.register(name),
  });

  const save = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: async ({ user: saved, pendingEmail }) => {
        form.reset({ name: saved.name, email: saved.email, username: saved.username });
        await onSaved();
        toast(
          pendingEmail
            ? {
                title: "Confirm Your New Email",
                description: `We sent a link to ${pendingEmail}. Your email changes when you open it.`,
              }
            : { title: "Profile Updated", description: "Your profile details have been saved." },
        );
      },
      onError: (error) => {
        showServerIssues(error, form.setError, FIELDS);
        toast({
          title: "Error",
          description: errorMessage(error, "Failed to update profile. Please try again."),
          variant: "destructive",
        });
      },
    }),
  );

  return (
    <SettingsCard
      id="profile-settings"
      icon={UserRound}
      title="Profile Settings"
      description="Your name and the details you sign in with."
    >
      <form className="grid gap-4" onSubmit={save} noValidate>
        <div className="grid gap-2">
          <Label htmlFor={ids.name}>Full Name</Label>
          <Input {...field("name")} autoComplete="name" required />
          <FieldError id={`${ids.name}-error`}>{errors.name?.message}</FieldError>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.email}>Email</Label>
          <Input {...field("email")} type="email" autoComplete="email" required />
          <FieldError id={`${ids.email}-error`}>{errors.email?.message}</FieldError>
          <EmailStatusLine />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.username}>Username</Label>
          <Input {...field("username")} autoComplete="username" required />
          <FieldError id={`${ids.username}-error`}>{errors.username?.message}</FieldError>
        </div>
        <div>
          <Button type="submit" disabled={!changed || update.isPending}>
            {update.isPending ? "Saving..." : "Save Profile"}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}

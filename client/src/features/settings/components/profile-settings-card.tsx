import type { TSessionUser } from "@shared/api/auth";
import { UserRound } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { SettingsCard } from "@/components/settings-card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useUpdateProfile } from "../api/update-profile";
import { EmailStatusLine } from "./email-status-line";

type Profile = Pick<TSessionUser, "name" | "email" | "username">;

/**
 * Full name, email and username. The server checks the email's format and that the username
 * belongs to no other account; its message is shown when it refuses. A new email takes effect
 * only once the link mailed to it is opened: the line under the field says what waits.
 */
export function ProfileSettingsCard({ user, onSaved }: { user: Profile; onSaved: () => Promise<void> }) {
  const [profile, setProfile] = useState<Profile>({
    name: user.name,
    email: user.email,
    username: user.username,
  });
  const update = useUpdateProfile();
  const ids = { name: useId(), email: useId(), username: useId() };
  const changed =
    profile.name !== user.name || profile.email !== user.email || profile.username !== user.username;

  const set = (field: keyof Profile) => (event: { target: { value: string } }) =>
    setProfile((current) => ({ ...current, [field]: event.target.value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(profile, {
      onSuccess: async ({ user: saved, pendingEmail }) => {
        setProfile({ name: saved.name, email: saved.email, username: saved.username });
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
      onError: (error) =>
        toast({
          title: "Error",
          description: errorMessage(error, "Failed to update profile. Please try again."),
          variant: "destructive",
        }),
    });
  }

  return (
    <SettingsCard
      id="profile-settings"
      icon={UserRound}
      title="Profile Settings"
      description="Your name and the details you sign in with."
    >
      <form className="grid gap-4" onSubmit={handleSubmit}>
        <div className="grid gap-2">
          <Label htmlFor={ids.name}>Full Name</Label>
          <Input id={ids.name} value={profile.name} onChange={set("name")} autoComplete="name" required />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.email}>Email</Label>
          <Input
            id={ids.email}
            type="email"
            value={profile.email}
            onChange={set("email")}
            autoComplete="email"
            required
          />
          <EmailStatusLine />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.username}>Username</Label>
          <Input
            id={ids.username}
            value={profile.username}
            onChange={set("username")}
            autoComplete="username"
            required
          />
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

import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { SettingsCard } from "@/components/settings-card";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDeleteAccount } from "@/features/settings/api/delete-account";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";

/**
 * Deleting the account: everything it owns goes, which cannot be undone, so the owner types their
 * email to confirm. The server refuses while it holds money for them or a subscription renews,
 * and says so.
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const remove = useDeleteAccount();
  const confirmed = typed.trim().toLowerCase() === email.toLowerCase();

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) setTyped("");
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    remove.mutate(undefined, {
      onSuccess: () =>
        toast({ title: "Account Deleted", description: "Your account and its data are gone." }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Account Not Deleted",
          description: apiErrorMessage(error, "Please try again."),
        }),
    });
  };

  return (
    <SettingsCard
      id="delete-account"
      icon={Trash2}
      title="Delete Account"
      description="Removes your domains, reports, leads, orders, keys and settings for good. Withdraw your balance and cancel subscriptions first."
    >
      <FormDialog
        open={open}
        onOpenChange={changeOpen}
        trigger={
          <Button variant="outline" className="text-destructive">
            <Trash2 aria-hidden="true" />
            Delete Account
          </Button>
        }
        title="Delete your account?"
        description="This cannot be undone. Your domains, reports, leads, orders, API keys and settings are deleted; the security audit log is kept."
        formLabel="Delete account"
        onSubmit={submit}
        submit={
          <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
            {remove.isPending ? "Deleting..." : "Delete My Account"}
          </Button>
        }
      >
        <div className="grid gap-2">
          <Label htmlFor="delete-account-email">Type your email, {email}, to confirm</Label>
          <Input
            id="delete-account-email"
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
      </FormDialog>
    </SettingsCard>
  );
}

import { INVITATION_LEVEL, levelCommissionPercent } from "@shared/api/affiliates";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useInviteAffiliate } from "../api/invite-affiliate";

const INVITATION_PERCENT = levelCommissionPercent(INVITATION_LEVEL);

/**
 * Invite someone by email; the server mails them the registration link. Every invitation is at
 * level 1 (the free rate): higher rates come from Tier Upgrades, so there is no level to pick.
 */
export function InviteAffiliateDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const invite = useInviteAffiliate();
  const [email, setEmail] = useState("");

  function close() {
    setEmail("");
    onOpenChange(false);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      toast({
        variant: "destructive",
        title: "Email Required",
        description: "Please enter an email address to invite.",
      });
      return;
    }
    try {
      await invite.mutateAsync({ email: address, level: INVITATION_LEVEL });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Invitation Failed",
        description: apiErrorMessage(error, "Failed to send affiliate invitation."),
      });
      return;
    }
    toast({ title: "Affiliate Invited!", description: `An invitation has been sent to ${address}.` });
    close();
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Invite Affiliate"
      description="We'll email them a link to create their account. Once they join, you earn commission on what they buy (see How you earn)."
      formLabel="Invite affiliate"
      onSubmit={handleSubmit}
      onCancel={close}
      submit={
        <Button type="submit" disabled={invite.isPending}>
          <Send aria-hidden="true" />
          {invite.isPending ? "Sending..." : "Send Invitation"}
        </Button>
      }
    >
      <div className="grid gap-2">
        <Label htmlFor="affiliate-email">Email Address</Label>
        <Input
          id="affiliate-email"
          type="email"
          autoComplete="off"
          placeholder="partner@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <p className="rounded-lg bg-slate-50 p-3 text-slate-600 text-sm" data-testid="invite-level">
        Invitations start at level {INVITATION_LEVEL}: {INVITATION_PERCENT}% commission, or your tier's rate
        if you bought a Tier Upgrade.
      </p>
    </FormDialog>
  );
}

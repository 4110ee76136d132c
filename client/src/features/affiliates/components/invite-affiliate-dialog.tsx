import { DEFAULT_AFFILIATE_LEVEL, type TAffiliateLevel } from "@shared/api/affiliates";
import { AFFILIATE_LEVELS } from "@shared/catalog";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useInviteAffiliate } from "../api/invite-affiliate";

const LEVEL_OPTIONS = AFFILIATE_LEVELS.map((l) => ({
  value: String(l.level),
  label: `Level ${l.level} (${l.commissionPercent}% commission)`,
}));

/**
 * Invite someone by email at a level (1, 2 or 3); the server mails them the registration link.
 * How a level and a Tier Upgrade decide the rate is said once, on the How you earn card.
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
  const [level, setLevel] = useState<TAffiliateLevel>(DEFAULT_AFFILIATE_LEVEL);

  function close() {
    setEmail("");
    setLevel(DEFAULT_AFFILIATE_LEVEL);
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
      await invite.mutateAsync({ email: address, level });
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
      <div className="grid gap-2">
        <Label htmlFor="affiliate-level">Affiliate Level</Label>
        <Select
          id="affiliate-level"
          options={LEVEL_OPTIONS}
          value={String(level)}
          onValueChange={(value) => setLevel(Number(value) as TAffiliateLevel)}
        />
      </div>
    </FormDialog>
  );
}

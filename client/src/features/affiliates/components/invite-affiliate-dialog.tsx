import { zodResolver } from "@hookform/resolvers/zod";
import { DEFAULT_AFFILIATE_LEVEL, ZAffiliateLevel, ZInviteAffiliateBody } from "@shared/api/affiliates";
import { AFFILIATE_LEVELS } from "@shared/catalog";
import { Send } from "lucide-react";
import { type FieldErrors, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { apiErrorMessage } from "@/lib/api-error";
import { firstFieldError, showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useInviteAffiliate } from "../api/invite-affiliate";

const LEVEL_OPTIONS = AFFILIATE_LEVELS.map((l) => ({
  value: String(l.level),
  label: `Level ${l.level} (${l.commissionPercent}% commission)`,
}));

/** The request's own schema, the level as the select holds it. */
const ZInviteForm = ZInviteAffiliateBody.extend({
  level: z.string().transform(Number).pipe(ZAffiliateLevel),
});
type TInviteForm = z.input<typeof ZInviteForm>;
const EMPTY: TInviteForm = { email: "", level: String(DEFAULT_AFFILIATE_LEVEL) };
const FIELDS = ["email", "level"] as const;

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
  const form = useForm<TInviteForm, unknown, z.output<typeof ZInviteForm>>({
    resolver: zodResolver(ZInviteForm),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  function close() {
    form.reset(EMPTY);
    onOpenChange(false);
  }

  async function send(body: z.output<typeof ZInviteForm>) {
    try {
      await invite.mutateAsync(body);
    } catch (error) {
      showServerIssues(error, form.setError, FIELDS);
      toast({
        variant: "destructive",
        title: "Invitation Failed",
        description: apiErrorMessage(error, "Failed to send affiliate invitation."),
      });
      return;
    }
    toast({ title: "Affiliate Invited!", description: `An invitation has been sent to ${body.email}.` });
    close();
  }

  // No address is the product's fixed message; any other rule says its own, as the server would.
  function refused(found: FieldErrors<TInviteForm>) {
    if (!form.getValues("email").trim()) {
      toast({
        variant: "destructive",
        title: "Email Required",
        description: "Please enter an email address to invite.",
      });
      return;
    }
    toast({
      variant: "destructive",
      title: "Invitation Failed",
      description: firstFieldError(found, FIELDS),
    });
  }

  const describedBy = (name: (typeof FIELDS)[number]) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `affiliate-${name}-error` } : {};

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Invite Affiliate"
      description="We'll email them a link to create their account. Once they join, you earn commission on what they buy (see How you earn)."
      formLabel="Invite affiliate"
      onSubmit={form.handleSubmit(send, refused)}
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
          {...describedBy("email")}
          {...form.register("email")}
        />
        <FieldError id="affiliate-email-error">{errors.email?.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="affiliate-level">Affiliate Level</Label>
        <Select
          id="affiliate-level"
          options={LEVEL_OPTIONS}
          {...describedBy("level")}
          {...form.register("level")}
        />
        <FieldError id="affiliate-level-error">{errors.level?.message}</FieldError>
      </div>
    </FormDialog>
  );
}

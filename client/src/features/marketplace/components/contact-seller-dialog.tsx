import { MAX_CONTACT_MESSAGE_LENGTH, type TMarketplaceListing } from "@shared/api/marketplace";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useContactSeller } from "../api/contact-seller";

/** A buyer's message to the seller of a listing; the seller replies to the buyer's account email. */
export function ContactSellerDialog({
  listing,
  onClose,
}: {
  listing: TMarketplaceListing | null;
  onClose: () => void;
}) {
  const [message, setMessage] = useState("");
  const contact = useContactSeller();
  const messageField = useId();
  const trimmed = message.trim();

  const close = () => {
    setMessage("");
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!listing || !trimmed || contact.isPending) return;
    contact.mutate(
      { domainId: listing.id, message: trimmed },
      {
        onSuccess: () => {
          close();
          toast({
            title: "Message Sent!",
            description: `The seller of ${listing.name} will reply to your account email.`,
          });
        },
        onError: () =>
          toast({
            title: "Error",
            description: "Failed to send message. Please try again.",
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <FormDialog
      open={listing !== null}
      onOpenChange={(open) => !open && close()}
      title="Contact Seller"
      description={
        listing && (
          <>
            Ask about <span className="font-medium text-slate-900">{listing.name}</span>, listed at{" "}
            {formatMoney(listing.price)}. The seller sees your account email to reply.
          </>
        )
      }
      formLabel="Contact seller"
      onSubmit={submit}
      onCancel={close}
      submit={
        <Button type="submit" disabled={!trimmed || contact.isPending}>
          {contact.isPending && <Spinner className="size-4 text-current" label="Sending" />}
          Send Message
        </Button>
      }
    >
      <div className="grid gap-2">
        <Label htmlFor={messageField}>Message</Label>
        <Textarea
          id={messageField}
          rows={5}
          maxLength={MAX_CONTACT_MESSAGE_LENGTH}
          placeholder="Introduce yourself and make an offer…"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <p className="text-right text-muted-foreground text-xs tabular-nums">
          {message.length.toLocaleString()} / {MAX_CONTACT_MESSAGE_LENGTH.toLocaleString()}
        </p>
      </div>
    </FormDialog>
  );
}

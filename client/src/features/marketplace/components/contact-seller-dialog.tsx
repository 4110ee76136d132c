import { zodResolver } from "@hookform/resolvers/zod";
import {
  MAX_CONTACT_MESSAGE_LENGTH,
  type TMarketplaceListing,
  ZContactSellerBody,
} from "@shared/api/marketplace/listings";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { showServerIssues } from "@/lib/form-errors";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useContactSeller } from "../api/contact-seller";

/** The message on the contact request's own rule; the listing names the domain. */
const ZContactForm = ZContactSellerBody.pick({ message: true });
type TContactForm = z.input<typeof ZContactForm>;

/** A buyer's message to the seller of a listing; the seller replies to the buyer's account email. */
export function ContactSellerDialog({
  listing,
  onClose,
}: {
  listing: TMarketplaceListing | null;
  onClose: () => void;
}) {
  const form = useForm<TContactForm, unknown, z.output<typeof ZContactForm>>({
    resolver: zodResolver(ZContactForm),
    defaultValues: { message: "" },
  });
  const { errors } = form.formState;
  const message = form.watch("message");
  const contact = useContactSeller();
  const messageField = useId();
  const trimmed = message.trim();

  const close = () => {
    form.reset({ message: "" });
    onClose();
  };
  const send = form.handleSubmit((body) => {
    if (!listing || contact.isPending) return;
    contact.mutate(
      { domainId: listing.id, message: body.message },
      {
        onSuccess: () => {
          close();
          toast({
            title: "Message Sent!",
            description: `The seller of ${listing.name} will reply to your account email.`,
          });
        },
        onError: (error) => {
          showServerIssues(error, form.setError, ["message"]);
          toast({
            title: "Error",
            description: "Failed to send message. Please try again.",
            variant: "destructive",
          });
        },
      },
    );
  });

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
      onSubmit={(event) => {
        // Enter does nothing while the button is disabled, as clicking it would.
        if (!trimmed) event.preventDefault();
        else void send(event);
      }}
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
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageField}-error` : undefined}
          {...form.register("message")}
        />
        <FieldError id={`${messageField}-error`}>{errors.message?.message}</FieldError>
        <p className="text-right text-muted-foreground text-xs tabular-nums">
          {message.length.toLocaleString()} / {MAX_CONTACT_MESSAGE_LENGTH.toLocaleString()}
        </p>
      </div>
    </FormDialog>
  );
}

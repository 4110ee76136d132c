import { zodResolver } from "@hookform/resolvers/zod";
import { SOCIAL_NETWORKS, ZNewSocialPost } from "@shared/api/social";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { apiErrorMessage } from "@/lib/api-error";
import { showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useSchedulePost } from "../api/social";

/** The API's schema, with the time as the browser's date-time field gives it (local time). */
const ZForm = ZNewSocialPost.extend({
  scheduledAt: z.string().min(1, "Choose when to publish."),
});
type TFormInput = z.input<typeof ZForm>;
type TForm = z.output<typeof ZForm>;
const FIELDS = ["network", "text", "link", "imageUrl", "scheduledAt"] as const;
const EMPTY: TFormInput = { network: "linkedin", text: "", link: "", imageUrl: "", scheduledAt: "" };

export function SchedulePostForm() {
  const schedule = useSchedulePost();
  const form = useForm<TFormInput, unknown, TForm>({ resolver: zodResolver(ZForm), defaultValues: EMPTY });
  const { errors } = form.formState;

  async function submit(values: TForm) {
    try {
      await schedule.mutateAsync({ ...values, scheduledAt: new Date(values.scheduledAt).toISOString() });
      toast({ title: "Post scheduled", description: "It will be published to your feed at its time." });
      form.reset(EMPTY);
    } catch (error) {
      if (!showServerIssues(error, form.setError, FIELDS)) {
        toast({
          variant: "destructive",
          title: "Not scheduled",
          description: apiErrorMessage(error, "Please try again."),
        });
      }
    }
  }

  return (
    <form className="grid gap-3" onSubmit={form.handleSubmit(submit)} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="social-network">Network</Label>
          <Select
            id="social-network"
            options={SOCIAL_NETWORKS.map((n) => ({ value: n.id, label: n.label }))}
            {...form.register("network")}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="social-when">Publish at</Label>
          <Input id="social-when" type="datetime-local" {...form.register("scheduledAt")} />
          <FieldError>{errors.scheduledAt?.message}</FieldError>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="social-text">Text</Label>
        <Textarea id="social-text" rows={4} {...form.register("text")} />
        <FieldError>{errors.text?.message}</FieldError>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="social-link">Link (optional)</Label>
          <Input id="social-link" placeholder="https://…" {...form.register("link")} />
          <FieldError>{errors.link?.message}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="social-image">Image address (optional)</Label>
          <Input id="social-image" placeholder="https://…" {...form.register("imageUrl")} />
          <FieldError>{errors.imageUrl?.message}</FieldError>
        </div>
      </div>
      <Button type="submit" className="justify-self-start" disabled={schedule.isPending}>
        Schedule post
      </Button>
    </form>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { SOCIAL_NETWORKS, type TSocialSchedule, ZWebhookBody } from "@shared/api/social";
import { Trash2 } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { showServerIssues } from "@/lib/form-errors";
import { toastError } from "@/lib/toast";
import { useDeletePost, useSetWebhook } from "../api/social";

const networkLabel = (id: string) => SOCIAL_NETWORKS.find((n) => n.id === id)?.label ?? id;
const when = (iso: string) => new Date(iso).toLocaleString();

/** The webhook request's own schema; spaces around the address are dropped before its rule. */
const ZWebhookForm = ZWebhookBody.extend({ url: z.string().trim().pipe(ZWebhookBody.shape.url) });
type TWebhookForm = z.input<typeof ZWebhookForm>;

/** Where posts go: the public feed's address and the optional webhook. */
export function SocialChannel({ schedule }: { schedule: TSocialSchedule }) {
  const form = useForm<TWebhookForm, unknown, z.output<typeof ZWebhookForm>>({
    resolver: zodResolver(ZWebhookForm),
    defaultValues: { url: schedule.webhookUrl ?? "" },
  });
  const { errors } = form.formState;
  const errorId = useId();
  const save = useSetWebhook();
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Where your posts are published</CardTitle>
        <CardDescription>
          ParkPilot cannot post to the networks for you. At its time, each post is published to your public
          Atom feed below, which feed readers, schedulers and automation services import, and sent as JSON to
          your webhook if you set one.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Input
          readOnly
          aria-label="Your public feed"
          value={schedule.feedUrl}
          fieldSize="code"
          onFocus={(e) => e.target.select()}
        />
        <form
          className="flex flex-col gap-2 sm:flex-row"
          onSubmit={form.handleSubmit(({ url }) =>
            save.mutate(url, {
              onError: (error) => {
                if (!showServerIssues(error, form.setError, ["url"])) toastError(error);
              },
            }),
          )}
          noValidate
        >
          <div className="grid flex-1 gap-1">
            <Input
              aria-label="Webhook address"
              placeholder="https://hooks.example.com/… (optional)"
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={errors.url ? errorId : undefined}
              {...form.register("url")}
            />
            <FieldError id={errorId}>{errors.url?.message}</FieldError>
          </div>
          <Button type="submit" variant="outline" disabled={save.isPending}>
            Save webhook
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export function SocialPostList({ posts }: { posts: TSocialSchedule["posts"] }) {
  const remove = useDeletePost();
  if (posts.length === 0) return <p className="text-muted-foreground text-sm">No posts scheduled yet.</p>;
  return (
    <ul className="grid gap-3">
      {posts.map((post) => (
        <li key={post.id} className="grid gap-1 rounded-lg border p-3 text-sm" data-testid="social-post">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="info">{networkLabel(post.network)}</Badge>
            {post.publishedAt ? (
              <Badge variant="success">Published {when(post.publishedAt)}</Badge>
            ) : (
              <Badge variant="neutral">Scheduled {when(post.scheduledAt)}</Badge>
            )}
            {post.webhookStatus && (
              <span className="text-muted-foreground text-xs">Webhook: {post.webhookStatus}</span>
            )}
            {!post.publishedAt && (
              <Button
                size="sm"
                variant="ghost"
                className="ml-auto"
                aria-label="Withdraw post"
                onClick={() => remove.mutate(post.id, { onError: (error) => toastError(error) })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            )}
          </div>
          <p className="whitespace-pre-wrap">{post.text}</p>
          {post.link && <p className="break-all text-muted-foreground text-xs">{post.link}</p>}
        </li>
      ))}
    </ul>
  );
}

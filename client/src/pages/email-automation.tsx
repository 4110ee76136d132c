import { Trash2 } from "lucide-react";
import { ToolGate } from "@/components/offer/tool-gate";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useDeleteSequence, useEmailAutomation } from "@/features/email-automation/api/email-automation";
import { BouncesCard } from "@/features/email-automation/components/bounces-card";
import { SequenceForm } from "@/features/email-automation/components/sequence-form";
import { toastError } from "@/lib/toast";

/** `/affiliates/email`: the Email Automation tool (Marketing Suite). */
export default function EmailAutomationPage() {
  const data = useEmailAutomation();
  const remove = useDeleteSequence();
  return (
    <div className="grid gap-6">
      <PageHeader
        className="mb-0"
        title="Email Automation"
        description="Sequences of emails to the people you recruited, by day since they signed up. Every email carries a one-click unsubscribe; whoever unsubscribes, or whose address bounces for good, gets no email from any of your sequences."
      />
      {data.isPending ? (
        <Spinner className="size-6 text-primary" />
      ) : data.isError ? (
        <ToolGate
          error={data.error}
          tool="email-automation"
          fallback={"Email Automation could not be loaded."}
        />
      ) : (
        <>
          <p className="text-muted-foreground text-sm">
            Sent today: {data.data.sentToday} of {data.data.dailyLimit} a day (the rest wait for the next
            day).
          </p>
          {data.data.sequences.map((sequence) => (
            <Card key={sequence.id}>
              <CardHeader className="pb-3">
                <CardTitle className="flex items-center justify-between text-base">
                  {sequence.name}
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${sequence.name}`}
                    onClick={() => remove.mutate(sequence.id, { onError: (error) => toastError(error) })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ol className="grid gap-1 text-sm">
                  {sequence.steps.map((step) => (
                    <li key={`${step.day}-${step.subject}`}>
                      Day {step.day}: {step.subject}{" "}
                      <span className="text-muted-foreground">
                        · {step.sent} sent · {step.skipped} skipped (unsubscribed or bounced before) ·{" "}
                        {step.bounced} bounced{step.pending > 0 ? ` · ${step.pending} being retried` : ""}
                      </span>
                    </li>
                  ))}
                </ol>
                <p className="mt-3 text-muted-foreground text-sm">
                  Hard bounces: {sequence.hardBounces} · soft bounces: {sequence.softBounces} · recipients who
                  unsubscribed: {sequence.unsubscribes}
                </p>
              </CardContent>
            </Card>
          ))}
          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="text-base">New sequence</CardTitle>
            </CardHeader>
            <CardContent>
              <SequenceForm />
            </CardContent>
          </Card>
          <BouncesCard bounces={data.data.bounces} />
          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="text-base">Unsubscribed</CardTitle>
              <CardDescription>These addresses get no more email from your sequences.</CardDescription>
            </CardHeader>
            <CardContent>
              {data.data.unsubscribed.length === 0 ? (
                <p className="text-muted-foreground text-sm">Nobody has unsubscribed.</p>
              ) : (
                <ul className="grid gap-1 text-sm">
                  {data.data.unsubscribed.map((u) => (
                    <li key={u.email}>
                      {u.email} <span className="text-muted-foreground">· {u.at.slice(0, 10)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}

import { ToolGate } from "@/components/offer/tool-gate";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useSocialSchedule } from "@/features/social/api/social";
import { SchedulePostForm } from "@/features/social/components/schedule-post-form";
import { SocialChannel, SocialPostList } from "@/features/social/components/social-posts";

/** `/affiliates/social`: the Social Scheduler (Marketing Suite). */
export default function SocialPage() {
  const schedule = useSocialSchedule();
  return (
    <div className="grid gap-6">
      <PageHeader
        className="mb-0"
        title="Social Scheduler"
        description="Schedule posts per network; each is published at its time to your public feed and your webhook."
      />
      {schedule.isPending ? (
        <Spinner className="size-6 text-primary" />
      ) : schedule.isError ? (
        <ToolGate
          error={schedule.error}
          tool="social-scheduler"
          fallback={"The schedule could not be loaded."}
        />
      ) : (
        <>
          <SocialChannel schedule={schedule.data} />
          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="text-base">New post</CardTitle>
            </CardHeader>
            <CardContent>
              <SchedulePostForm />
            </CardContent>
          </Card>
          <SocialPostList posts={schedule.data.posts} />
        </>
      )}
    </div>
  );
}

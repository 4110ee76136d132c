import type { TGoal } from "@shared/api/revenue";
import { CheckCircle2, Plus, Target, X } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useWorkingAsMember } from "@/lib/api/portfolios";
import { formatDate, formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useDeleteGoal } from "../api/delete-goal";
import { useGoals } from "../api/get-goals";
import { GOAL_CATEGORY_LABELS, GOAL_TIMEFRAME_LABELS } from "../utils/goal-labels";
import { GoalDialog } from "./goal-dialog";

function GoalRow({ goal, member }: { goal: TGoal; member: boolean }) {
  const remove = useDeleteGoal();
  const achieved = goal.progressPercent >= 100;
  const label = `${GOAL_TIMEFRAME_LABELS[goal.timeframe]} · ${GOAL_CATEGORY_LABELS[goal.category]}`;
  return (
    <li className="grid gap-2" aria-label={label}>
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-slate-900 text-sm">{label}</span>
          {achieved && (
            <Badge variant="success">
              <CheckCircle2 aria-hidden="true" />
              Achieved
            </Badge>
          )}
        </div>
        <Button
          variant="ghost-remove"
          size="icon-xs"
          hidden={member}
          aria-label={`Remove ${label} goal`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(goal.id, {
              onError: () =>
                toast({ variant: "destructive", title: "Error", description: "Failed to remove the goal." }),
            })
          }
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <div
        className="h-2.5 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={`${label} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, Math.round(goal.progressPercent))}
      >
        <div
          className={achieved ? "h-full rounded-full bg-emerald-500" : "h-full rounded-full bg-blue-500"}
          style={{ width: `${Math.min(100, goal.progressPercent)}%` }}
        />
      </div>
      <div className="flex justify-between gap-2 text-muted-foreground text-xs tabular-nums">
        <span>
          <span className="font-semibold text-slate-700">{formatMoney(goal.currentAmount)}</span> of{" "}
          {formatMoney(goal.targetAmount)} · {goal.progressPercent.toFixed(1)}%
        </span>
        <span>Resets {formatDate(goal.periodEnd)}</span>
      </div>
    </li>
  );
}

/** The user's revenue goals with real progress, and the way to set one. */
export function GoalTracker() {
  const { data: goals, isPending, isError } = useGoals();
  const [setting, setSetting] = useState(false);
  // Goals are the owner's: a team member sees them but does not set or remove them.
  const member = useWorkingAsMember();
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3 pb-2">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2 text-base">
            <Target aria-hidden="true" className="size-4 text-blue-600" />
            Revenue Goals
          </CardTitle>
          <CardDescription>Targets for this week, month, quarter or year</CardDescription>
        </div>
        {!member && (
          <Button size="sm" aria-haspopup="dialog" onClick={() => setSetting(true)}>
            <Plus aria-hidden="true" />
            Set Goal
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-2.5 w-full" />
          </div>
        ) : isError ? (
          <p className="text-red-600 text-sm" role="alert">
            Failed to load your goals. Please refresh the page to try again.
          </p>
        ) : goals.length === 0 ? (
          <div className="py-4 text-center">
            <p className="font-medium text-slate-700">No goals yet</p>
            <p className="mt-1 text-muted-foreground text-sm">
              Set a revenue target to track your progress here.
            </p>
          </div>
        ) : (
          <ul className="grid max-h-64 gap-5 overflow-y-auto pr-1" aria-label="Revenue goals">
            {goals.map((goal) => (
              <GoalRow key={goal.id} goal={goal} member={member} />
            ))}
          </ul>
        )}
      </CardContent>
      <GoalDialog open={setting} onOpenChange={setSetting} />
    </Card>
  );
}

import {
  EXPERIMENT_GOALS,
  EXPERIMENT_PATHS,
  type TExperiment,
  type TExperimentGoal,
} from "@shared/api/experiments";
import type { TPageBody } from "@shared/api/parked-pages";
import { pathTo } from "@shared/path-to";
import { useState } from "react";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useRouteBlock } from "@/lib/can-purchase";
import { toast, toastError } from "@/lib/toast";
import { useCreateExperiment } from "../api/create-experiment";
import { useExperiments } from "../api/get-experiments";
import { useStopExperiment } from "../api/stop-experiment";

const GOAL_LABELS: Record<TExperimentGoal, string> = {
  lead: "Leads",
  "outbound-click": "Related-link clicks",
  "for-sale-click": "For-sale clicks",
};
const percent = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;

function Results({ test, domainId, readOnly }: { test: TExperiment; domainId: string; readOnly?: boolean }) {
  const stop = useStopExperiment(domainId);
  const block = useRouteBlock("POST", pathTo(EXPERIMENT_PATHS.stop, { id: test.id }));
  const stopWith = (winner?: string) =>
    stop.mutate(
      { id: test.id, winner },
      {
        onSuccess: () =>
          toast({
            title: "Split Test Stopped",
            description: winner ? `${winner} is now the page.` : "The page stays as it was.",
          }),
        onError: (error) => toastError(error),
      },
    );
  return (
    <section
      aria-label={`Split test for ${GOAL_LABELS[test.goal]}`}
      className="grid gap-3 rounded-md border p-3"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={test.status === "running" ? "default" : "secondary"}>
          {test.status === "running" ? "Running" : "Stopped"}
        </Badge>
        <span>Goal: {GOAL_LABELS[test.goal]}</span>
        {test.winner && <span className="font-semibold text-emerald-700">Winner: {test.winner}</span>}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-left text-muted-foreground">
            <tr>
              <th className="py-1 pr-3 font-medium">Variant</th>
              <th className="py-1 pr-3 font-medium">Visitors</th>
              <th className="py-1 pr-3 font-medium">Conversions</th>
              <th className="py-1 pr-3 font-medium">Rate (95% interval)</th>
              <th className="py-1 pr-3 font-medium">Chance to be best</th>
              {test.status === "running" && !readOnly && <th className="sr-only">Action</th>}
            </tr>
          </thead>
          <tbody>
            {test.variants.map((v) => (
              <tr key={v.name} className="border-t">
                <td className="py-1.5 pr-3 font-medium">{v.name}</td>
                <td className="py-1.5 pr-3">{v.visitors.toLocaleString()}</td>
                <td className="py-1.5 pr-3">{v.conversions.toLocaleString()}</td>
                <td className="py-1.5 pr-3">
                  {percent(v.rate)} ({percent(v.interval[0])}–{percent(v.interval[1])})
                </td>
                <td className="py-1.5 pr-3">{percent(v.chanceToBeBest)}</td>
                {test.status === "running" && !readOnly && (
                  <td className="py-1.5">
                    <Button
                      variant="link"
                      size="sm"
                      onClick={() => stopWith(v.name)}
                      disabled={stop.isPending}
                      {...block?.button}
                    >
                      Stop and keep {v.name}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {test.status === "running" && !readOnly && <PurchaseBlockedNote block={block} />}
      <p
        className={test.srm.ok ? "text-muted-foreground text-xs" : "font-medium text-red-700 text-sm"}
        role="status"
      >
        {test.srm.ok
          ? `Traffic split looks right (sample-ratio check p = ${test.srm.pValue.toFixed(3)}).`
          : `Warning: the traffic split is off (sample-ratio mismatch, p = ${test.srm.pValue.toExponential(1)}); results cannot be trusted.`}
      </p>
      {test.traffic.concentrated && (
        <p className="font-medium text-red-700 text-sm" role="status">
          Warning: most of this test's visitors come from a few networks (the busiest ten brought{" "}
          {percent(test.traffic.topVisitorShare)} of them); it declares no winner while they do.
        </p>
      )}
      {test.status === "running" && (
        <p className="text-muted-foreground text-xs">
          Stops by itself when a variant's chance to be best reaches {percent(test.threshold, 1)} with at
          least {test.minVisitors.toLocaleString()} visitors in each; the winner then becomes the page.
        </p>
      )}
    </section>
  );
}

/**
 * Split tests of the page (docs/product.md#split-tests): start one that tests the draft in the
 * editor against the live page, and read each test's results as they arrive.
 */
export function SplitTestsPanel(props: {
  domainId: string;
  live: TPageBody;
  draft: TPageBody | null;
  /** Read, not run: the owner of a leased domain reading its lessee's tests. */
  readOnly?: boolean;
}) {
  const tests = useExperiments(props.domainId);
  const create = useCreateExperiment(props.domainId);
  const block = useRouteBlock("POST", EXPERIMENT_PATHS.list);
  const [goal, setGoal] = useState<TExperimentGoal>("lead");
  const running = tests.data?.some((t) => t.status === "running") ?? false;

  function start() {
    if (!props.draft) return;
    create.mutate(
      {
        domainId: props.domainId,
        goal,
        variants: [
          { name: "Live page", page: props.live, weight: 1 },
          { name: "Draft", page: props.draft, weight: 1 },
        ],
      },
      {
        onSuccess: () =>
          toast({
            title: "Split Test Started",
            description: "Visitors now see the live page or the draft, half each.",
          }),
        onError: (error) => toastError(error, "Failed to start the split test. Please try again."),
      },
    );
  }

  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Split tests</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className={props.readOnly ? "hidden" : "flex flex-wrap items-end gap-2"}>
          <div className="grid gap-1.5">
            <Label htmlFor="split-goal">Goal</Label>
            <Select
              id="split-goal"
              value={goal}
              options={EXPERIMENT_GOALS.map((g) => ({ value: g, label: GOAL_LABELS[g] }))}
              onValueChange={(v) => setGoal(v as TExperimentGoal)}
            />
          </div>
          <Button onClick={start} disabled={!props.draft || running || create.isPending} {...block?.button}>
            Test the draft against the live page
          </Button>
          {!props.readOnly && <PurchaseBlockedNote block={block} className="basis-full" />}
        </div>
        {running && !props.readOnly && (
          <p className="text-muted-foreground text-sm">One test runs at a time; stop it to start another.</p>
        )}
        {tests.data?.map((test) => (
          <Results key={test.id} test={test} domainId={props.domainId} readOnly={props.readOnly} />
        ))}
        {tests.data?.length === 0 && (
          <p className="text-muted-foreground text-sm">
            No split tests yet. Edit the page on the left, then test the draft against the live page (Split
            Testing marketing tool).
          </p>
        )}
      </CardContent>
    </Card>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { ZGoalBody } from "@shared/api/revenue";
import { DEFAULT_GOAL_TIMEFRAME } from "@shared/catalog";
import { Target } from "lucide-react";
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
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useCreateGoal } from "../api/create-goal";
import {
  GOAL_CATEGORY_LABELS,
  GOAL_CATEGORY_OPTIONS,
  GOAL_TIMEFRAME_LABELS,
  GOAL_TIMEFRAME_OPTIONS,
} from "../utils/goal-labels";

/** The request's own schema, held as the form's fields hold it: nothing chosen yet, the amount as typed. */
const { shape } = ZGoalBody;
const ZGoalForm = ZGoalBody.extend({
  category: z.string().pipe(shape.category),
  timeframe: z.string().pipe(shape.timeframe.unwrap()),
});
type TGoalForm = z.input<typeof ZGoalForm>;
const EMPTY: TGoalForm = { category: "", targetAmount: "", timeframe: DEFAULT_GOAL_TIMEFRAME };
const FIELDS = ["category", "targetAmount", "timeframe"] as const;

/** Sets a revenue target for a category and a timeframe (docs/product.md#validation-and-messages "Revenue goal"). */
export function GoalDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const createGoal = useCreateGoal();
  const form = useForm<TGoalForm, unknown, z.output<typeof ZGoalForm>>({
    resolver: zodResolver(ZGoalForm),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  function close() {
    form.reset(EMPTY);
    onOpenChange(false);
  }

  async function create(goal: z.output<typeof ZGoalForm>) {
    try {
      await createGoal.mutateAsync(goal);
    } catch (error) {
      if (showServerIssues(error, form.setError, FIELDS)) return;
      toast({
        variant: "destructive",
        title: "Error",
        description: apiErrorMessage(error, "Failed to create revenue goal."),
      });
      return;
    }
    toast({
      title: "Revenue Goal Created!",
      description: `${GOAL_TIMEFRAME_LABELS[goal.timeframe]} ${GOAL_CATEGORY_LABELS[goal.category].toLowerCase()} target of ${formatMoney(goal.targetAmount)} is now tracked.`,
    });
    close();
  }

  // A missing type or amount is the product's fixed message; any other rule says its own.
  function refused(found: FieldErrors<TGoalForm>) {
    const { category, targetAmount } = form.getValues();
    if (!category || !String(targetAmount).trim()) {
      toast({
        variant: "destructive",
        title: "Missing Information",
        description: "Please select a goal type and enter an amount.",
      });
      return;
    }
    toast({ variant: "destructive", title: "Error", description: firstFieldError(found, FIELDS) });
  }

  const describedBy = (name: (typeof FIELDS)[number]) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `goal-${name}-error` } : {};

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Set Revenue Goal"
      description="Progress counts the real revenue of the category in the current week, month, quarter or year."
      formLabel="Set revenue goal"
      onSubmit={form.handleSubmit(create, refused)}
      onCancel={close}
      submit={
        <Button type="submit" disabled={createGoal.isPending}>
          <Target aria-hidden="true" />
          {createGoal.isPending ? "Saving..." : "Set Goal"}
        </Button>
      }
    >
      <div className="grid gap-2">
        <Label htmlFor="goal-category">Goal Type</Label>
        <Select
          id="goal-category"
          placeholder="Select a goal type"
          options={GOAL_CATEGORY_OPTIONS}
          {...describedBy("category")}
          {...form.register("category")}
        />
        <FieldError id="goal-category-error">{errors.category?.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="goal-amount">Target Amount ($)</Label>
        <Input
          id="goal-amount"
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          placeholder="5000.00"
          {...describedBy("targetAmount")}
          {...form.register("targetAmount")}
        />
        <FieldError id="goal-targetAmount-error">{errors.targetAmount?.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="goal-timeframe">Timeframe</Label>
        <Select
          id="goal-timeframe"
          options={GOAL_TIMEFRAME_OPTIONS}
          {...describedBy("timeframe")}
          {...form.register("timeframe")}
        />
        <FieldError id="goal-timeframe-error">{errors.timeframe?.message}</FieldError>
      </div>
    </FormDialog>
  );
}

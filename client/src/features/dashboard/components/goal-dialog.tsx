import { type TGoalCategory, type TGoalTimeframe, ZGoalBody } from "@shared/api/revenue";
import { DEFAULT_GOAL_TIMEFRAME } from "@shared/catalog";
import { Target } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useCreateGoal } from "../api/create-goal";
import {
  GOAL_CATEGORY_LABELS,
  GOAL_CATEGORY_OPTIONS,
  GOAL_TIMEFRAME_LABELS,
  GOAL_TIMEFRAME_OPTIONS,
} from "../utils/goal-labels";

/** Sets a revenue target for a category and a timeframe (docs/product.md#validation-and-messages "Revenue goal"). */
export function GoalDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const createGoal = useCreateGoal();
  const [category, setCategory] = useState<TGoalCategory | "">("");
  const [amount, setAmount] = useState("");
  const [timeframe, setTimeframe] = useState<TGoalTimeframe>(DEFAULT_GOAL_TIMEFRAME);

  function close() {
    setCategory("");
    setAmount("");
    setTimeframe(DEFAULT_GOAL_TIMEFRAME);
    onOpenChange(false);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!category || !amount.trim()) {
      toast({
        variant: "destructive",
        title: "Missing Information",
        description: "Please select a goal type and enter an amount.",
      });
      return;
    }
    // The amount is parsed as a decimal by the schema the server parses, and sent as typed: no float.
    const parsed = ZGoalBody.safeParse({ targetAmount: amount, timeframe, category });
    if (!parsed.success) {
      toast({ variant: "destructive", title: "Error", description: parsed.error.issues[0]?.message });
      return;
    }
    const { targetAmount } = parsed.data;
    try {
      await createGoal.mutateAsync(parsed.data);
    } catch {
      toast({ variant: "destructive", title: "Error", description: "Failed to create revenue goal." });
      return;
    }
    toast({
      title: "Revenue Goal Created!",
      description: `${GOAL_TIMEFRAME_LABELS[timeframe]} ${GOAL_CATEGORY_LABELS[category].toLowerCase()} target of ${formatMoney(targetAmount)} is now tracked.`,
    });
    close();
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Set Revenue Goal"
      description="Progress counts the real revenue of the category in the current week, month, quarter or year."
      formLabel="Set revenue goal"
      onSubmit={handleSubmit}
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
          value={category}
          onValueChange={(value) => setCategory(value as TGoalCategory)}
        />
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
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="goal-timeframe">Timeframe</Label>
        <Select
          id="goal-timeframe"
          options={GOAL_TIMEFRAME_OPTIONS}
          value={timeframe}
          onValueChange={(value) => setTimeframe(value as TGoalTimeframe)}
        />
      </div>
    </FormDialog>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { MERGE_FIELDS, type TNewSequence, ZNewSequence } from "@shared/api/email-automation";
import { Plus } from "lucide-react";
import { useFieldArray, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useCreateSequence } from "../api/email-automation";

type TForm = z.output<typeof ZNewSequence>;
const EMPTY: TNewSequence = {
  name: "Welcome",
  steps: [{ day: 0, subject: "Welcome to ParkPilot, {{firstName}}", body: "Hello {{name}},\n\n" }],
};

/** A new sequence: a name and emails by day, on the API's own schema. */
export function SequenceForm() {
  const create = useCreateSequence();
  const form = useForm<TNewSequence, unknown, TForm>({
    resolver: zodResolver(ZNewSequence),
    defaultValues: EMPTY,
  });
  const steps = useFieldArray({ control: form.control, name: "steps" });
  const { errors } = form.formState;

  async function submit(values: TForm) {
    try {
      await create.mutateAsync(values);
      toast({ title: "Sequence saved", description: "Its emails go to your recruits on their days." });
      form.reset(EMPTY);
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Not saved",
        description: apiErrorMessage(error, "Please try again."),
      });
    }
  }

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor="sequence-name">Name</Label>
        <Input id="sequence-name" {...form.register("name")} />
        <FieldError>{errors.name?.message}</FieldError>
      </div>
      <p className="text-muted-foreground text-xs">Merge fields: {MERGE_FIELDS.join(", ")}</p>
      {steps.fields.map((field, i) => (
        <fieldset key={field.id} className="grid gap-2 rounded-lg border p-3">
          <legend className="px-1 font-medium text-sm">Email {i + 1}</legend>
          <div className="grid gap-2 sm:grid-cols-[8rem_1fr]">
            <div className="grid gap-1.5">
              <Label htmlFor={`step-day-${i}`}>Day</Label>
              <Input
                id={`step-day-${i}`}
                type="number"
                min={0}
                {...form.register(`steps.${i}.day`, { valueAsNumber: true })}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`step-subject-${i}`}>Subject</Label>
              <Input id={`step-subject-${i}`} {...form.register(`steps.${i}.subject`)} />
            </div>
          </div>
          <Label htmlFor={`step-body-${i}`}>Text</Label>
          <Textarea id={`step-body-${i}`} rows={5} {...form.register(`steps.${i}.body`)} />
          <FieldError>
            {errors.steps?.[i]?.day?.message ??
              errors.steps?.[i]?.subject?.message ??
              errors.steps?.[i]?.body?.message}
          </FieldError>
        </fieldset>
      ))}
      <FieldError>{errors.steps?.message}</FieldError>
      <div className="flex gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => steps.append({ day: (steps.fields.length || 0) * 3, subject: "", body: "" })}
        >
          <Plus aria-hidden="true" />
          Add email
        </Button>
        <Button type="submit" disabled={create.isPending}>
          Save sequence
        </Button>
      </div>
    </form>
  );
}

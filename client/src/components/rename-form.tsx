import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { showServerIssues } from "@/lib/form-errors";

type TRename = { name: string };

/**
 * Renaming something in place (a passkey, a device): the name, Save and Cancel. The name is
 * checked with the rename request's own schema; a refusal's issue about it (`error`, the
 * request's last failure) is shown under it.
 */
export function RenameForm(props: {
  label: string;
  initial: string;
  schema: z.ZodType<TRename, TRename>;
  pending: boolean;
  error?: unknown;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const form = useForm<TRename>({
    resolver: zodResolver(props.schema),
    defaultValues: { name: props.initial },
  });
  const { errors } = form.formState;
  const name = form.watch("name");
  const inputId = useId();
  const { error } = props;
  const { setError } = form;
  useEffect(() => {
    if (error) showServerIssues(error, setError, ["name"]);
  }, [error, setError]);

  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={form.handleSubmit((body) => props.onSave(body.name))}
      noValidate
    >
      <div className="grid flex-1 gap-1">
        <Label htmlFor={inputId}>{props.label}</Label>
        <Input
          id={inputId}
          maxLength={60}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${inputId}-error` : undefined}
          {...form.register("name")}
        />
        <FieldError id={`${inputId}-error`}>{errors.name?.message}</FieldError>
      </div>
      <Button type="submit" size="sm" disabled={!name.trim() || props.pending}>
        Save
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={props.onCancel}>
        Cancel
      </Button>
    </form>
  );
}

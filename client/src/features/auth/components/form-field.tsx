import type { ComponentProps, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

type FormFieldProps = ComponentProps<typeof Input> & { id: string; label: string; error?: string };

/** A labelled input of the auth forms, with its error (the form's or the server's) under it. */
export function FormField({ id, label, error, ...props }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** The email field of the auth forms (registration, password reset). */
export function EmailField(props: Omit<FormFieldProps, "id" | "label" | "type">) {
  return (
    <FormField
      id="email"
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      required
      {...props}
    />
  );
}

/** The full-width outline button of the auth forms that starts a passkey or security-key ceremony. */
export function PasskeyButton(props: { disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}

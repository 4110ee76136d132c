import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/**
 * The short reason staff give for a decision the user is told of (up to 500 characters), with
 * its rule's or the server's message under it when there is one.
 */
export function ReasonField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const errorId = `${props.id}-error`;
  return (
    <>
      <Label htmlFor={props.id}>{props.label}</Label>
      <Textarea
        id={props.id}
        rows={2}
        maxLength={500}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      <FieldError id={errorId}>{props.error}</FieldError>
    </>
  );
}

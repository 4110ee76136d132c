import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/** The short reason staff give for a decision the user is told of (up to 500 characters). */
export function ReasonField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <Label htmlFor={props.id}>{props.label}</Label>
      <Textarea
        id={props.id}
        rows={2}
        maxLength={500}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </>
  );
}

import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** Renaming something in place (a passkey, a device): the name, Save and Cancel. */
export function RenameForm(props: {
  label: string;
  initial: string;
  pending: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(props.initial);
  const inputId = useId();
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSave(name.trim());
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={save}>
      <div className="grid flex-1 gap-1">
        <Label htmlFor={inputId}>{props.label}</Label>
        <Input id={inputId} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
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

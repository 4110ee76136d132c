import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, type SelectOption } from "@/components/ui/select";

/**
 * A console list's search card: an optional status filter, applied as it changes, and a free-text
 * search, applied when submitted (trimmed) so the list is not fetched for every key pressed.
 */
export function AdminSearch(props: {
  /** The form's name for assistive technology, e.g. "Search tickets". */
  label: string;
  /** What the text matches, e.g. "Subject or email". */
  textLabel: string;
  onSearch: (q: string) => void;
  status?: { value: string; options: readonly SelectOption[]; onChange: (value: string) => void };
}) {
  const [draft, setDraft] = useState("");
  const ids = { status: useId(), text: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(draft.trim());
  };
  return (
    <Card>
      <CardContent className="pt-6">
        <form
          aria-label={props.label}
          onSubmit={submit}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          {props.status && (
            <div className="grid gap-1.5">
              <Label htmlFor={ids.status}>Status</Label>
              <Select
                id={ids.status}
                value={props.status.value}
                onValueChange={props.status.onChange}
                options={props.status.options}
              />
            </div>
          )}
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor={ids.text}>{props.textLabel}</Label>
            <Input id={ids.text} value={draft} onChange={(e) => setDraft(e.target.value)} />
          </div>
          <Button type="submit">Search</Button>
        </form>
      </CardContent>
    </Card>
  );
}

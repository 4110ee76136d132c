import { Search } from "lucide-react";
import { Input } from "./input";

/** A search box with its magnifier; `label` is its accessible name. */
export function SearchInput(props: {
  label: string;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <div className="relative flex-1">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={props.label}
        placeholder={props.placeholder}
        className="pl-9"
        value={props.value}
        onChange={(e) => props.onValueChange(e.target.value)}
      />
    </div>
  );
}

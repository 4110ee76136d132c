import { FileUp } from "lucide-react";
import { type ChangeEvent, useId } from "react";
import { cn } from "@/lib/cn";

/** A CSV file chooser drawn as a drop zone; `fileName` shows what was picked. */
export function FilePicker(props: {
  label: string;
  hint: string;
  fileName?: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) is noticed.
    event.target.value = "";
    if (file) props.onFile(file);
  };
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-slate-200 border-dashed p-6 text-center transition-colors hover:border-emerald-400 hover:bg-emerald-50/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
        props.disabled && "pointer-events-none opacity-60",
      )}
    >
      <FileUp aria-hidden="true" className="size-6 text-emerald-600" />
      <span className="font-medium text-slate-900 text-sm">{props.fileName ?? props.label}</span>
      <span className="text-muted-foreground text-xs">{props.hint}</span>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        aria-label={props.label}
        disabled={props.disabled}
        onChange={pick}
      />
    </label>
  );
}

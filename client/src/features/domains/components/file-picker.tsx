import { FileUp } from "lucide-react";
import { type ChangeEvent, type DragEvent, useId, useState } from "react";
import { cn } from "@/lib/cn";

/**
 * A CSV file chooser that is also a drop zone: a file dropped on it is taken as if chosen (the
 * first one, when several are dropped); `fileName` shows what was picked.
 */
export function FilePicker(props: {
  label: string;
  hint: string;
  fileName?: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) is noticed.
    event.target.value = "";
    if (file) props.onFile(file);
  };
  const over = (event: DragEvent<HTMLLabelElement>) => {
    // Without this the browser opens the dropped file in place of the app.
    event.preventDefault();
    if (!props.disabled) setDragging(true);
  };
  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !props.disabled) props.onFile(file);
  };
  return (
    <label
      htmlFor={id}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-dragging={dragging || undefined}
      className={cn(
        "flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-slate-200 border-dashed p-6 text-center transition-colors hover:border-emerald-400 hover:bg-emerald-50/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
        dragging && "border-emerald-500 bg-emerald-50",
        props.disabled && "pointer-events-none opacity-60",
      )}
    >
      <FileUp aria-hidden="true" className="size-6 text-emerald-600" />
      <span className="font-medium text-slate-900 text-sm">
        {props.fileName ?? (dragging ? "Drop the file to use it" : props.label)}
      </span>
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

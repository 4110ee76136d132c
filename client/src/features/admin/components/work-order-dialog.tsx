import { zodResolver } from "@hookform/resolvers/zod";
import {
  MAX_WORK_ORDER_TEXT,
  type TAdminWorkOrderDetail,
  ZWorkOrderNoteBody,
  ZWorkOrderStatusBody,
  ZWorkOrderTextDeliverableBody,
} from "@shared/api/admin/work-orders";
import { DELIVERABLE_FILE_TYPES, WORK_ORDER_STATUS_LABELS } from "@shared/api/work-orders";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { type FieldError as TFieldError, useController, useForm } from "react-hook-form";
import { z } from "zod";
import { ReasonField } from "@/components/reason-field";
import { formatMoment } from "@/components/ticket-parts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogShell } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { showServerIssues } from "@/lib/form-errors";
import { formatMoney, formatNumber } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { type TWorkOrderChange, useChangeWorkOrder, useWorkOrder } from "../api/work-orders";

/** The cancel reason as the API takes it, and at least a few words: the buyer is told it. */
const ZCancelForm = z.object({
  reason: ZWorkOrderStatusBody.shape.reason.unwrap().min(3, "Say why the work order is cancelled"),
});

/** A field's message once it was left (or typed in after a try), or whenever the server gave it. */
const shown = (error: TFieldError | undefined, touched: boolean | undefined) =>
  error && (touched || error.type === "server") ? error.message : undefined;

const ACCEPT = Object.keys(DELIVERABLE_FILE_TYPES)
  .map((extension) => `.${extension}`)
  .join(",");

/** One work order: assign it, move it on, deliver texts and files, write internal notes. */
export function WorkOrderDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useWorkOrder(id);
  const data = detail.data;
  return (
    <DialogShell
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      className="sm:max-w-2xl"
      title={data ? data.workOrder.title : "Work order"}
      titleClassName="break-words"
      description={data ? `${data.buyer.name} · ${data.buyer.email}` : undefined}
    >
      {!data ? (
        <p className="text-muted-foreground text-sm">Loading…</p>
      ) : (
        <WorkOrderBody key={data.workOrder.id} data={data} />
      )}
    </DialogShell>
  );
}

function WorkOrderBody({ data }: { data: TAdminWorkOrderDetail }) {
  const { workOrder } = data;
  const change = useChangeWorkOrder(workOrder.id);
  const open = workOrder.status === "queued" || workOrder.status === "in_progress";
  const apply: Apply = (next, done, after, showIssues) =>
    change.mutate(next, {
      onSuccess: () => {
        toast({ title: done, description: workOrder.title });
        after?.();
      },
      onError: (error) => {
        if (!showIssues?.(error)) toastError(error, "The work order could not be changed.");
      },
    });

  return (
    <div className="grid gap-5 text-sm">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Status">
          <Badge variant="neutral">{WORK_ORDER_STATUS_LABELS[workOrder.status]}</Badge>
          {workOrder.overdue && <Badge variant="destructive">Overdue</Badge>}
        </Fact>
        <Fact label="Due">{formatMoment(workOrder.dueAt)}</Fact>
        <Fact label="Paid">{formatMoney(data.order.price)}</Fact>
        <Fact label="Domain">{data.domain?.name ?? "—"}</Fact>
      </dl>
      {workOrder.description && (
        <p className="whitespace-pre-line rounded-lg bg-slate-50 p-3">{workOrder.description}</p>
      )}

      <div className="grid gap-1.5">
        <Label htmlFor="work-order-assignee">Assignee</Label>
        <Select
          id="work-order-assignee"
          value={workOrder.assignee?.id ?? ""}
          disabled={!open || change.isPending}
          onValueChange={(value) =>
            apply({ kind: "assign", assigneeId: value || null }, "Work Order Assigned")
          }
          options={[
            { value: "", label: "Unassigned" },
            ...data.staff.map((s) => ({ value: s.id, label: s.name })),
          ]}
        />
      </div>

      <section aria-label="Deliverables" className="grid gap-2">
        <h3 className="font-semibold text-slate-900">Deliverables</h3>
        {data.deliverables.length === 0 ? (
          <p className="text-muted-foreground">None yet.</p>
        ) : (
          <ul className="grid gap-1">
            {data.deliverables.map((d) => (
              <li key={d.id} className="break-words rounded border px-3 py-2">
                {d.fileName ? `${d.fileName} (${formatNumber(d.size ?? 0)} bytes)` : d.body}
              </li>
            ))}
          </ul>
        )}
        {open && <AddDeliverable pending={change.isPending} apply={apply} />}
      </section>

      {open && (
        <section aria-label="Progress" className="grid gap-2">
          <h3 className="font-semibold text-slate-900">Progress</h3>
          <div className="flex flex-wrap gap-2">
            {workOrder.status === "queued" ? (
              <Button
                disabled={change.isPending}
                onClick={() => apply({ kind: "status", status: "in_progress" }, "Work Started")}
              >
                Start Work
              </Button>
            ) : (
              <Button
                disabled={change.isPending || data.deliverables.length === 0}
                onClick={() => apply({ kind: "status", status: "delivered" }, "Work Order Delivered")}
              >
                Deliver to Buyer
              </Button>
            )}
          </div>
          <CancelOrder pending={change.isPending} apply={apply} />
        </section>
      )}

      <Notes data={data} pending={change.isPending} apply={apply} />
    </div>
  );
}

/**
 * Sends a change and toasts `done`, then runs `after`; a refusal is a toast unless `showIssues`
 * placed it at the form's fields.
 */
type Apply = (
  next: TWorkOrderChange,
  done: string,
  after?: () => void,
  showIssues?: (error: unknown) => boolean,
) => void;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="flex flex-wrap items-center gap-1 font-medium">{children}</dd>
    </div>
  );
}

/**
 * A text to add to the work order (a deliverable, an internal note), checked by its body schema:
 * `onAdd` gets the text, a function that clears it once added, and one that puts the server's
 * issues at the field.
 */
function TextForm(props: {
  id: string;
  label: string;
  rows: number;
  submitLabel: string;
  pending: boolean;
  schema: typeof ZWorkOrderNoteBody | typeof ZWorkOrderTextDeliverableBody;
  onAdd: (text: string, added: () => void, showIssues: (error: unknown) => boolean) => void;
}) {
  const form = useForm<{ body: string }, unknown, { body: string }>({
    resolver: zodResolver(props.schema),
    mode: "onChange",
    defaultValues: { body: "" },
  });
  const { errors, touchedFields, isValid } = form.formState;
  const error = shown(errors.body, touchedFields.body);
  const errorId = `${props.id}-error`;
  const submit = form.handleSubmit(({ body }) =>
    props.onAdd(
      body,
      () => form.reset({ body: "" }),
      (failure) => showServerIssues(failure, form.setError, ["body"]),
    ),
  );
  return (
    <form className="grid gap-1.5" onSubmit={submit} noValidate>
      <Label htmlFor={props.id}>{props.label}</Label>
      <Textarea
        id={props.id}
        rows={props.rows}
        maxLength={MAX_WORK_ORDER_TEXT}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...form.register("body")}
      />
      <FieldError id={errorId}>{error}</FieldError>
      <Button
        type="submit"
        variant="outline"
        disabled={!isValid || props.pending}
        className="justify-self-start"
      >
        {props.submitLabel}
      </Button>
    </form>
  );
}

function AddDeliverable({ pending, apply }: { pending: boolean; apply: Apply }) {
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadFile = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    apply({ kind: "file", file }, "File Added", () => {
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
    });
  };
  return (
    <div className="grid gap-3 rounded-lg border p-3">
      <form className="grid gap-1.5" onSubmit={uploadFile}>
        <Label htmlFor="deliverable-file">
          Deliverable file (PDF, image, text, CSV, Word or Excel; at most 5 MB)
        </Label>
        <Input
          id="deliverable-file"
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <Button type="submit" variant="outline" disabled={!file || pending} className="justify-self-start">
          Upload File
        </Button>
      </form>
      <TextForm
        id="deliverable-text"
        label="Deliverable text"
        rows={3}
        submitLabel="Add Text"
        pending={pending}
        schema={ZWorkOrderTextDeliverableBody}
        onAdd={(body, added, showIssues) => apply({ kind: "text", body }, "Text Added", added, showIssues)}
      />
    </div>
  );
}

function CancelOrder({ pending, apply }: { pending: boolean; apply: Apply }) {
  const form = useForm<z.input<typeof ZCancelForm>, unknown, z.output<typeof ZCancelForm>>({
    resolver: zodResolver(ZCancelForm),
    mode: "onChange",
    defaultValues: { reason: "" },
  });
  const { field, fieldState } = useController({ control: form.control, name: "reason" });
  const submit = form.handleSubmit(({ reason }) =>
    apply({ kind: "status", status: "cancelled", reason }, "Work Order Cancelled", undefined, (error) =>
      showServerIssues(error, form.setError, ["reason"]),
    ),
  );
  return (
    <form className="grid gap-1.5" onSubmit={submit} noValidate>
      <ReasonField
        id="cancel-reason"
        label="Reason to cancel (the buyer is told, and refunded in full)"
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={shown(fieldState.error, fieldState.isTouched)}
      />
      <Button
        type="submit"
        variant="destructive"
        className="justify-self-start"
        disabled={!form.formState.isValid || pending}
      >
        Cancel and Refund
      </Button>
    </form>
  );
}

function Notes({ data, pending, apply }: { data: TAdminWorkOrderDetail; pending: boolean; apply: Apply }) {
  return (
    <section aria-label="Internal notes" className="grid gap-2">
      <h3 className="font-semibold text-slate-900">Internal notes</h3>
      {data.notes.length === 0 ? (
        <p className="text-muted-foreground">No notes.</p>
      ) : (
        <ul className="grid gap-1">
          {data.notes.map((n) => (
            <li key={n.id} className="break-words">
              <span className="text-muted-foreground text-xs">
                {n.author} · {formatMoment(n.createdAt)}
              </span>
              <p className="whitespace-pre-line">{n.body}</p>
            </li>
          ))}
        </ul>
      )}
      <TextForm
        id="work-order-note"
        label="Internal note (staff only)"
        rows={2}
        submitLabel="Add Note"
        pending={pending}
        schema={ZWorkOrderNoteBody}
        onAdd={(body, added, showIssues) => apply({ kind: "note", body }, "Note Added", added, showIssues)}
      />
    </section>
  );
}

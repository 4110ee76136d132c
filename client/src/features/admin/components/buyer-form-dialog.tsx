import { zodResolver } from "@hookform/resolvers/zod";
import { type TLeadBuyer, type TLeadBuyerInput, ZLeadBuyerInput } from "@shared/api/lead-sales";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { apiErrorMessage } from "@/lib/api-error";
import { showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useSaveLeadBuyer } from "../api/lead-buyers";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The form's text fields, turned into the API's body; its issues land on the field they name. */
const ZBuyerForm = z
  .object({
    name: z.string(),
    pingUrl: z.string(),
    postUrl: z.string(),
    secret: z.string(),
    priceModel: z.enum(["fixed", "bid"]),
    fixedPrice: z.string(),
    states: z.string(),
    zipPrefixes: z.string(),
    dailyCap: z.string(),
    monthlyCap: z.string(),
    scheduled: z.boolean(),
    days: z.array(z.string()),
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    active: z.boolean(),
    billingEmail: z.string(),
  })
  .superRefine((form, ctx) => {
    const parsed = ZLeadBuyerInput.safeParse(toBody(form));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "name");
      const path = field === "schedule" ? String(issue.path[1] ?? "days") : field;
      ctx.addIssue({ code: "custom", message: issue.message, path: [path] });
    }
  });
type TBuyerForm = z.infer<typeof ZBuyerForm>;

const list = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

function toBody(form: TBuyerForm): TLeadBuyerInput {
  return {
    name: form.name,
    pingUrl: form.pingUrl.trim(),
    postUrl: form.postUrl.trim(),
    secret: form.secret === "" ? undefined : form.secret,
    priceModel: form.priceModel,
    fixedPrice: form.priceModel === "fixed" ? form.fixedPrice : null,
    states: list(form.states),
    zipPrefixes: list(form.zipPrefixes),
    dailyCap: form.dailyCap.trim() === "" ? null : Number(form.dailyCap),
    monthlyCap: form.monthlyCap.trim() === "" ? null : Number(form.monthlyCap),
    schedule: form.scheduled
      ? { days: form.days.map(Number), from: form.from, to: form.to, timeZone: form.timeZone.trim() }
      : null,
    active: form.active,
    billingEmail: form.billingEmail.trim() === "" ? null : form.billingEmail.trim(),
  };
}

function formOf(buyer: TLeadBuyer | null): TBuyerForm {
  return {
    name: buyer?.name ?? "",
    pingUrl: buyer?.pingUrl ?? "",
    postUrl: buyer?.postUrl ?? "",
    secret: "",
    priceModel: buyer?.priceModel ?? "bid",
    fixedPrice: buyer?.fixedPrice ?? "",
    states: buyer?.states.join(", ") ?? "",
    zipPrefixes: buyer?.zipPrefixes.join(", ") ?? "",
    dailyCap: buyer?.dailyCap ? String(buyer.dailyCap) : "",
    monthlyCap: buyer?.monthlyCap ? String(buyer.monthlyCap) : "",
    scheduled: Boolean(buyer?.schedule),
    days: (buyer?.schedule?.days ?? [1, 2, 3, 4, 5]).map(String),
    from: buyer?.schedule?.from ?? "08:00",
    to: buyer?.schedule?.to ?? "20:00",
    timeZone: buyer?.schedule?.timeZone ?? "America/New_York",
    active: buyer?.active ?? true,
    billingEmail: buyer?.billingEmail ?? "",
  };
}

const FIELDS = [
  "name",
  "pingUrl",
  "postUrl",
  "secret",
  "fixedPrice",
  "states",
  "zipPrefixes",
  "dailyCap",
  "monthlyCap",
  "billingEmail",
] as const;

/** Adds a buyer (`buyer` null) or edits one; a secret left blank on edit is kept. */
export function BuyerFormDialog(props: { open: boolean; buyer: TLeadBuyer | null; onClose: () => void }) {
  const { open, buyer, onClose } = props;
  const form = useForm<TBuyerForm>({ resolver: zodResolver(ZBuyerForm), defaultValues: formOf(buyer) });
  const save = useSaveLeadBuyer();
  const id = useId();
  const { errors } = form.formState;
  const [priceModel, scheduled] = form.watch(["priceModel", "scheduled"]);
  useEffect(() => {
    if (open) form.reset(formOf(buyer));
  }, [open, buyer, form]);

  const submit = (values: TBuyerForm) =>
    save.mutate(
      { id: buyer?.id ?? null, body: toBody(values) },
      {
        onSuccess: () => {
          toast({ title: buyer ? "Buyer Saved" : "Buyer Added", description: `${values.name} is saved.` });
          onClose();
        },
        onError: (error) => {
          showServerIssues(error, form.setError, FIELDS);
          toast({
            variant: "destructive",
            title: "Error",
            description: apiErrorMessage(error, "The buyer could not be saved."),
          });
        },
      },
    );

  const text = (
    name: (typeof FIELDS)[number] | "from" | "to" | "timeZone",
    label: string,
    extra: Record<string, unknown> = {},
  ) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...extra}
        {...form.register(name)}
      />
      <FieldError id={`${id}-${name}-error`}>{errors[name]?.message}</FieldError>
    </div>
  );

  const configured = buyer?.source === "config";
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={buyer ? `Edit ${buyer.name}` : "Add buyer"}
      description={
        configured
          ? "This buyer is given by LEAD_BUYERS: change it there. Here it can only be paused or activated, and given a billing email."
          : "Leads are pinged to its ping URL and posted to its post URL, each request signed with its secret."
      }
      formLabel="Lead buyer"
      onSubmit={form.handleSubmit(submit)}
      onCancel={onClose}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      submit={
        <Button type="submit" disabled={save.isPending}>
          {buyer ? "Save Buyer" : "Add Buyer"}
        </Button>
      }
    >
      <fieldset disabled={configured} className="grid gap-3 sm:grid-cols-2">
        {text("name", "Name")}
        {text("secret", buyer ? "New secret (blank keeps it)" : "Secret", {
          type: "password",
          autoComplete: "off",
        })}
        {text("pingUrl", "Ping URL", { placeholder: "https://buyer.example/ping" })}
        {text("postUrl", "Post URL", { placeholder: "https://buyer.example/post" })}
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-priceModel`}>Price</Label>
          <Select
            id={`${id}-priceModel`}
            options={[
              { value: "bid", label: "Bids per lead" },
              { value: "fixed", label: "Fixed price" },
            ]}
            {...form.register("priceModel")}
          />
        </div>
        {priceModel === "fixed" ? (
          text("fixedPrice", "Fixed price ($)", { inputMode: "decimal", placeholder: "30.00" })
        ) : (
          <div />
        )}
        {text("states", "States (blank: all)", { placeholder: "CA, TX" })}
        {text("zipPrefixes", "ZIP prefixes (blank: all)", { placeholder: "902, 100" })}
        {text("dailyCap", "Daily cap (blank: none)", { inputMode: "numeric" })}
        {text("monthlyCap", "Monthly cap (blank: none)", { inputMode: "numeric" })}
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" {...form.register("scheduled")} />
          Buys only on a schedule
        </label>
        {scheduled && (
          <>
            <fieldset className="flex flex-wrap gap-3 text-sm sm:col-span-2">
              <legend className="sr-only">Days</legend>
              {DAYS.map((day, i) => (
                <label key={day} className="flex items-center gap-1">
                  <input type="checkbox" value={String(i)} {...form.register("days")} />
                  {day}
                </label>
              ))}
              <FieldError id={`${id}-days-error`}>{errors.days?.message}</FieldError>
            </fieldset>
            {text("from", "From (HH:MM)")}
            {text("to", "To (HH:MM)")}
            {text("timeZone", "Time zone")}
          </>
        )}
      </fieldset>
      {text("billingEmail", "Billing email (its monthly invoices are mailed here)", {
        type: "email",
        placeholder: "billing@insurer.example",
      })}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register("active")} />
        Active (unticked: paused, pinged no more)
      </label>
    </FormDialog>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { type TTaxFormBody, ZTaxFormBody } from "@shared/api/payouts";
import { Landmark } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { SettingsCard } from "@/components/settings-card";
import { Button, buttonVariants } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import {
  useChoosePayPal,
  usePayoutAccount,
  useStartBankOnboarding,
  useSubmitTaxForm,
  useTaxForm,
} from "../api/payout-account";

const FORM_NAMES = { w9: "W-9", w8ben: "W-8BEN", "w8ben-e": "W-8BEN-E" } as const;
const KINDS = [
  { value: "w9", label: "W-9: I am a US person" },
  { value: "w8ben", label: "W-8BEN: I am an individual outside the US" },
  { value: "w8ben-e", label: "W-8BEN-E: I sign for an entity outside the US" },
];

type FieldName = "legalName" | "tin" | "tinType" | "address" | "country" | "signatureName" | "certified";

/** One labelled input with its rule's message under it. */
function Field(props: {
  label: string;
  name: FieldName;
  error?: string;
  children: (id: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{props.label}</Label>
      {props.children(id)}
      <FieldError>{props.error}</FieldError>
    </div>
  );
}

/** The W-9 / W-8BEN / W-8BEN-E form on the API's own schema, signed by the name typed. */
function TaxForm({ onDone }: { onDone: () => void }) {
  const submit = useSubmitTaxForm();
  const form = useForm<TTaxFormBody>({
    resolver: zodResolver(ZTaxFormBody) as never,
    defaultValues: { kind: "w8ben" } as unknown as TTaxFormBody,
  });
  const kind = form.watch("kind");
  const errors = form.formState.errors as Partial<Record<FieldName, { message?: string }>>;
  function send(values: TTaxFormBody) {
    submit.mutate(values, {
      onSuccess: () => {
        toast({ title: "Tax form signed", description: `Your ${FORM_NAMES[values.kind]} is on file.` });
        onDone();
      },
      onError: (error) => {
        if (showServerIssues(error, form.setError as never, ["legalName", "tin", "address", "country"]))
          return;
        toast({
          title: "Error",
          description: errorMessage(error, "The form could not be saved."),
          variant: "destructive",
        });
      },
    });
  }
  return (
    <form className="grid gap-3" onSubmit={form.handleSubmit(send)} noValidate aria-label="Tax form">
      <Field label="Form" name="legalName">
        {(id) => <Select id={id} options={KINDS} {...form.register("kind")} />}
      </Field>
      <Field
        label={kind === "w9" ? "Name on your tax return" : "Name of the beneficial owner"}
        name="legalName"
        error={errors.legalName?.message}
      >
        {(id) => <Input id={id} {...form.register("legalName")} />}
      </Field>
      {kind === "w9" ? (
        <>
          <Field label="TIN type" name="tinType" error={errors.tinType?.message}>
            {(id) => (
              <Select
                id={id}
                options={[
                  { value: "", label: "No TIN (24% is withheld from payouts)" },
                  { value: "ssn", label: "SSN" },
                  { value: "ein", label: "EIN" },
                ]}
                {...form.register("tinType", { setValueAs: (v) => v || undefined })}
              />
            )}
          </Field>
          <Field label="Taxpayer identification number" name="tin" error={errors.tin?.message}>
            {(id) => (
              <Input
                id={id}
                autoComplete="off"
                {...form.register("tin", { setValueAs: (v) => v || undefined })}
              />
            )}
          </Field>
        </>
      ) : (
        <Field
          label="Country of residence (two letters, e.g. BR)"
          name="country"
          error={errors.country?.message}
        >
          {(id) => <Input id={id} maxLength={2} {...form.register("country")} />}
        </Field>
      )}
      <Field
        label={kind === "w9" ? "US address" : "Permanent residence address"}
        name="address"
        error={errors.address?.message}
      >
        {(id) => <Input id={id} {...form.register("address")} />}
      </Field>
      <Field
        label="Signature (type your full name)"
        name="signatureName"
        error={errors.signatureName?.message}
      >
        {(id) => <Input id={id} {...form.register("signatureName")} />}
      </Field>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" {...form.register("certified")} />
        <span>
          Under penalties of perjury, I certify that the information on this form is true, correct and
          complete.
        </span>
      </label>
      <FieldError>{errors.certified?.message}</FieldError>
      <Button type="submit" disabled={submit.isPending}>
        Sign the form
      </Button>
    </form>
  );
}

/** How the payee is paid: PayPal (one by one or in batches) or a bank account through Stripe. */
function PayoutMethod() {
  const account = usePayoutAccount();
  const bank = useStartBankOnboarding();
  const paypal = useChoosePayPal();
  if (!account.data) return <Skeleton className="h-16" />;
  const { rail, bankAccount } = account.data;
  return (
    <div className="grid gap-2">
      <p className="font-medium text-sm">Payout method</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant={rail === "stripe" ? "default" : "outline"}
          onClick={() =>
            bank.mutate(undefined, {
              onSuccess: ({ url }) => window.location.assign(url),
              onError: (error) =>
                toast({
                  title: "Error",
                  description: errorMessage(error, "Bank payouts are not available."),
                  variant: "destructive",
                }),
            })
          }
        >
          Bank account
        </Button>
        <Button variant={rail === "paypal" ? "default" : "outline"} onClick={() => paypal.mutate("paypal")}>
          PayPal
        </Button>
        <Button
          variant={rail === "paypal-batch" ? "default" : "outline"}
          onClick={() => paypal.mutate("paypal-batch")}
        >
          PayPal, in the next batch
        </Button>
      </div>
      {bankAccount ? (
        <p className="text-sm" data-testid="bank-account-state">
          Bank account: {bankAccount.words}
        </p>
      ) : null}
    </div>
  );
}

/** Payout method and the tax form every payee signs before their first payout. */
export function TaxFormCard() {
  const taxForm = useTaxForm();
  const [editing, setEditing] = useState(false);
  const onFile = taxForm.data?.form;
  return (
    <SettingsCard
      id="tax-form"
      icon={Landmark}
      title="Payout Method & Tax Form"
      description="Where your payouts go, and the tax form we need before the first one."
    >
      <div className="grid gap-4">
        <PayoutMethod />
        {!taxForm.data ? (
          <Skeleton className="h-16" />
        ) : onFile && !editing ? (
          <div className="grid gap-2 text-sm" data-testid="tax-form-on-file">
            <p>
              {FORM_NAMES[onFile.kind]} on file for {onFile.legalName}, signed {onFile.signedAt.slice(0, 10)}
              {onFile.tinLast4 ? ` (TIN ending ${onFile.tinLast4})` : ""}.
            </p>
            {onFile.backupWithholding ? (
              <p className="text-destructive">
                No TIN given: 24% of each payout is withheld (backup withholding).
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <a className={buttonVariants({ variant: "outline" })} href="/api/tax-forms/current.pdf">
                Download the signed form
              </a>
              <a
                className={buttonVariants({ variant: "outline" })}
                href={`/api/tax-forms/year-end/${new Date().getFullYear()}`}
              >
                This year's summary
              </a>
              <Button variant="ghost" onClick={() => setEditing(true)}>
                Sign a new form
              </Button>
            </div>
          </div>
        ) : (
          <>
            {!onFile ? (
              <p className="text-sm">No tax form on file: sign one before your first payout.</p>
            ) : null}
            <TaxForm onDone={() => setEditing(false)} />
          </>
        )}
      </div>
    </SettingsCard>
  );
}

import { LEAD_CONSENT } from "@shared/lead-consent";
import { ArrowRight, Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useCreateLead } from "../api/create-lead";
import { loadLeadContract } from "../api/load-lead-contract";
import { normalizeZip } from "../utils/normalize-zip";
import { LEAD_EMAIL_FIELD_ID } from "./lead-form-ids";

const ZIP_FIELD_ID = "lead-zip";
type Errors = { email?: string; zipCode?: string };

type LeadContract = Awaited<ReturnType<typeof loadLeadContract>>;

function validate({ ZLeadEmail, ZZipCode }: LeadContract, email: string, zipCode: string): Errors {
  const emailResult = ZLeadEmail.safeParse(email);
  const zipResult = ZZipCode.safeParse(zipCode);
  return {
    email: emailResult.success ? undefined : emailResult.error.issues[0]?.message,
    zipCode: zipResult.success ? undefined : zipResult.error.issues[0]?.message,
  };
}

/** The landing page's lead form: email and ZIP in, a quotes tab out. */
export function LeadForm() {
  const createLead = useCreateLead();
  const [email, setEmail] = useState("");
  const [zipCode, setZipCode] = useState("");
  const [errors, setErrors] = useState<Errors>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (createLead.isPending) return;
    const contract = await loadLeadContract();
    const found = validate(contract, email, zipCode);
    setErrors(found);
    if (found.email || found.zipCode) {
      document.getElementById(found.email ? LEAD_EMAIL_FIELD_ID : ZIP_FIELD_ID)?.focus();
      return;
    }
    try {
      const answer = await createLead.mutateAsync({ email: email.trim(), zipCode });
      setEmail("");
      setZipCode("");
      setErrors({});
      toast({ title: "Success!", description: "We're finding you the best deals in your area..." });
      window.setTimeout(
        () => window.open(answer.quotesUrl, "_blank", "noopener"),
        contract.QUOTES_TAB_DELAY_MS,
      );
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Please try again in a moment."),
      });
    }
  }

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      onFocus={() => void loadLeadContract()}
      aria-label="Get free car insurance quotes"
      className="grid gap-4"
    >
      <div className="grid gap-2">
        <Label htmlFor={LEAD_EMAIL_FIELD_ID}>Email Address</Label>
        <Input
          id={LEAD_EMAIL_FIELD_ID}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          fieldSize="lg"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${LEAD_EMAIL_FIELD_ID}-error` : undefined}
        />
        <FieldError id={`${LEAD_EMAIL_FIELD_ID}-error`}>{errors.email}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ZIP_FIELD_ID}>ZIP Code</Label>
        <Input
          id={ZIP_FIELD_ID}
          name="zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="12345"
          required
          fieldSize="lg"
          value={zipCode}
          onChange={(e) => {
            const kept = normalizeZip(e.target.value);
            // Put back at once: a refused character leaves the state as it was, and the landing
            // page's runtime (Preact) redraws a field only when its state changes.
            if (e.target.value !== kept) e.target.value = kept;
            setZipCode(kept);
          }}
          aria-invalid={errors.zipCode ? true : undefined}
          aria-describedby={errors.zipCode ? `${ZIP_FIELD_ID}-error` : undefined}
        />
        <FieldError id={`${ZIP_FIELD_ID}-error`}>{errors.zipCode}</FieldError>
      </div>
      <Button type="submit" size="xl" className="mt-1 w-full" disabled={createLead.isPending}>
        {createLead.isPending ? (
          "Finding Your Deals..."
        ) : (
          <>
            Get Free Quotes Now <ArrowRight aria-hidden="true" />
          </>
        )}
      </Button>
      <p className="flex gap-2 text-muted-foreground text-xs leading-relaxed">
        <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        <span data-testid="lead-consent">
          {LEAD_CONSENT.text} See our{" "}
          <a href="/privacy" className="font-medium text-foreground underline underline-offset-2">
            Privacy Notice
          </a>
          .
        </span>
      </p>
    </form>
  );
}

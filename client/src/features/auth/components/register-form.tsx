import { zodResolver } from "@hookform/resolvers/zod";
import { ZRegisterBody } from "@shared/api/auth/sign-in";
import { BadgeCheck } from "lucide-react";
import { useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/api-error";
import { firstFieldError, showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useRegister } from "../api/register";
import { captureReferralClick, clearReferralCode } from "../utils/referral-code";
import { EmailField, FormField } from "./form-field";

/** The request's own schema, and the confirmation it must match. */
const ZRegisterForm = ZRegisterBody.pick({ name: true, username: true, email: true, password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match.",
    path: ["confirmPassword"],
  });
type TRegisterFormInput = z.input<typeof ZRegisterForm>;
type TRegisterForm = z.output<typeof ZRegisterForm>;

const EMPTY: TRegisterFormInput = { name: "", username: "", email: "", password: "", confirmPassword: "" };
const FIELDS = ["name", "username", "email", "password", "confirmPassword"] as const;

/** The toast of a refused form, in the product's order: empty fields, then the confirmation, then the rest. */
function problemOf(values: TRegisterFormInput, errors: FieldErrors<TRegisterFormInput>): string {
  if (!values.name.trim() || !values.username.trim() || !values.email.trim() || !values.password) {
    return "Please fill in all fields.";
  }
  return firstFieldError(errors, ["confirmPassword", ...FIELDS]) ?? "Please check the form.";
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function RegisterForm({
  referralCode,
  email = "",
  onSignedIn,
}: {
  referralCode: string | null;
  /** Filled in when the page was opened with an address (an invitation's). */
  email?: string;
  onSignedIn: () => Promise<void>;
}) {
  const register = useRegister();
  const form = useForm<TRegisterFormInput, unknown, TRegisterForm>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { ...EMPTY, email },
  });
  const [finishing, setFinishing] = useState(false);
  const [referralClick] = useState(() =>
    referralCode ? captureReferralClick(window.location.search) : null,
  );
  const submitting = register.isPending || finishing;
  const { errors } = form.formState;

  async function submit({ confirmPassword: _, ...fields }: TRegisterForm) {
    try {
      await register.mutateAsync({
        ...fields,
        timeZone: browserTimeZone(),
        ...(referralCode ? { referralCode } : {}),
        ...(referralCode && referralClick ? { referralClick } : {}),
      });
    } catch (error) {
      showServerIssues(error, form.setError, FIELDS);
      toast({
        variant: "destructive",
        title: "Registration Failed",
        description: apiErrorMessage(error, "Registration failed. Please try again."),
      });
      return;
    }
    setFinishing(true);
    clearReferralCode();
    toast({ title: "Welcome to ParkPilot!", description: "Your account has been created successfully." });
    await onSignedIn();
  }

  const refused = (found: FieldErrors<TRegisterFormInput>) =>
    toast({ variant: "destructive", title: "Error", description: problemOf(form.getValues(), found) });

  return (
    <form
      className="grid gap-4"
      onSubmit={form.handleSubmit(submit, refused)}
      noValidate
      aria-label="Create account"
    >
      {referralCode && (
        <p className="flex items-center gap-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-800 text-sm">
          <BadgeCheck aria-hidden="true" className="size-4 shrink-0" />
          <span>
            Referral code <strong className="font-semibold">{referralCode}</strong> will be applied.
          </span>
        </p>
      )}
      <FormField
        id="name"
        label="Full Name"
        autoComplete="name"
        placeholder="Jane Doe"
        required
        error={errors.name?.message}
        {...form.register("name")}
      />
      <FormField
        id="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="janedoe"
        required
        error={errors.username?.message}
        {...form.register("username")}
      />
      <EmailField error={errors.email?.message} {...form.register("email")} />
      <FormField
        id="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="8+ characters"
        required
        error={errors.password?.message}
        {...form.register("password")}
      />
      <FormField
        id="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...form.register("confirmPassword")}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={submitting}>
        {submitting ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}

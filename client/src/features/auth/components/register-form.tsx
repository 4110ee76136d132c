import { MIN_PASSWORD_LENGTH } from "@shared/api/auth";
import { BadgeCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useRegister } from "../api/register";
import { clearReferralCode } from "../utils/referral-code";
import { EmailField, FormField } from "./form-field";

const EMPTY = { name: "", username: "", email: "", password: "", confirmPassword: "" };
type Fields = typeof EMPTY;

function validate(fields: Fields): string | null {
  if (!fields.name.trim() || !fields.username.trim() || !fields.email.trim() || !fields.password) {
    return "Please fill in all fields.";
  }
  if (fields.password !== fields.confirmPassword) return "Passwords don't match.";
  if (fields.password.length < MIN_PASSWORD_LENGTH) return "Password must be at least 8 characters long.";
  return null;
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
  onSignedIn,
}: {
  referralCode: string | null;
  onSignedIn: () => Promise<void>;
}) {
  const register = useRegister();
  const [fields, setFields] = useState(EMPTY);
  const [finishing, setFinishing] = useState(false);
  const submitting = register.isPending || finishing;
  const bind = (key: keyof Fields) => ({
    value: fields[key],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value })),
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validate(fields);
    if (problem) {
      toast({ variant: "destructive", title: "Error", description: problem });
      return;
    }
    try {
      await register.mutateAsync({
        name: fields.name.trim(),
        username: fields.username.trim(),
        email: fields.email.trim(),
        password: fields.password,
        timeZone: browserTimeZone(),
        ...(referralCode ? { referralCode } : {}),
      });
    } catch (error) {
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

  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate aria-label="Create account">
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
        {...bind("name")}
      />
      <FormField
        id="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="janedoe"
        required
        {...bind("username")}
      />
      <EmailField {...bind("email")} />
      <FormField
        id="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="8+ characters"
        required
        {...bind("password")}
      />
      <FormField
        id="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        {...bind("confirmPassword")}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={submitting}>
        {submitting ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}

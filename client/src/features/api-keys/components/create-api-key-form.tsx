import { zodResolver } from "@hookform/resolvers/zod";
import {
  API_KEY_SCOPES,
  type TApiKeyScope,
  type TCreateApiKeyBody,
  type TCreatedApiKey,
  ZCreateApiKeyBody,
} from "@shared/api/api-keys";
import { Copy } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiErrorMessage } from "@/lib/api-error";
import { showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useCreateApiKey } from "../api/change-api-keys";

const SCOPE_LABELS: Record<TApiKeyScope, string> = {
  read: "Read: domains, revenue, P&L, leads, balance",
  write: "Write: add, edit and remove domains, import reports",
};

/** The new key, shown this once with a copy button. */
function NewKey({ created, onDone }: { created: TCreatedApiKey; onDone: () => void }) {
  const copy = async () => {
    await navigator.clipboard.writeText(created.key);
    toast({ title: "Copied", description: "The API key is on your clipboard." });
  };
  return (
    <div className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3" role="status">
      <p className="font-medium text-emerald-800 text-sm">
        Copy your new key now: it will not be shown again.
      </p>
      <div className="flex gap-2">
        <Input
          fieldSize="code"
          readOnly
          value={created.key}
          aria-label="New API key"
          onFocus={(e) => e.target.select()}
        />
        <Button variant="outline" size="icon" aria-label="Copy API key" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <Button variant="secondary" size="sm" className="justify-self-start" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

const EMPTY: TCreateApiKeyBody = { name: "", scopes: ["read"] };
const FIELDS = ["name", "scopes"] as const;

/** Settings → API: names a key and its scopes, and creates it (on the request's own schema). */
export function CreateApiKeyForm() {
  const form = useForm<TCreateApiKeyBody, unknown, z.output<typeof ZCreateApiKeyBody>>({
    resolver: zodResolver(ZCreateApiKeyBody),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const [name, scopes] = form.watch(["name", "scopes"]);
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);
  const create = useCreateApiKey();

  if (created) return <NewKey created={created} onDone={() => setCreated(null)} />;

  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (key) => {
        setCreated(key);
        form.reset({ ...form.getValues(), name: "" });
      },
      onError: (error) => {
        showServerIssues(error, form.setError, FIELDS);
        toast({
          variant: "destructive",
          title: "Key Not Created",
          description: apiErrorMessage(error, "Please try again."),
        });
      },
    }),
  );
  const toggle = (scope: TApiKeyScope, on: boolean) =>
    form.setValue(
      "scopes",
      API_KEY_SCOPES.filter((s) => (s === scope ? on : scopes.includes(s))),
      { shouldValidate: form.formState.isSubmitted },
    );

  return (
    <form className="grid gap-3" onSubmit={submit} aria-label="Create API key" noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor="api-key-name">Key name</Label>
        <Input
          id="api-key-name"
          maxLength={60}
          placeholder="e.g. Registrar sync"
          required
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? "api-key-name-error" : undefined}
          {...form.register("name")}
        />
        <FieldError id="api-key-name-error">{errors.name?.message}</FieldError>
      </div>
      <fieldset
        className="grid gap-1.5"
        aria-invalid={errors.scopes ? true : undefined}
        aria-describedby={errors.scopes ? "api-key-scopes-error" : undefined}
      >
        <legend className="mb-1 font-medium text-sm">Scopes</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-emerald-600"
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
            />
            {SCOPE_LABELS[scope]}
          </label>
        ))}
        <FieldError id="api-key-scopes-error">{errors.scopes?.message}</FieldError>
      </fieldset>
      <Button
        type="submit"
        className="justify-self-start"
        disabled={create.isPending || !name.trim() || scopes.length === 0}
      >
        Create API Key
      </Button>
    </form>
  );
}

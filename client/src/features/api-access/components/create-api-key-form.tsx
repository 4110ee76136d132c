import { API_KEY_SCOPES, type TApiKeyScope, type TCreatedApiKey } from "@shared/api/api-keys";
import { Copy } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiErrorMessage } from "@/lib/api-error";
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

/** Settings → API: names a key and its scopes, and creates it. */
export function CreateApiKeyForm() {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<TApiKeyScope[]>(["read"]);
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);
  const create = useCreateApiKey();

  if (created) return <NewKey created={created} onDone={() => setCreated(null)} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, scopes },
      {
        onSuccess: (key) => {
          setCreated(key);
          setName("");
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Key Not Created",
            description: apiErrorMessage(error, "Please try again."),
          }),
      },
    );
  };
  const toggle = (scope: TApiKeyScope, on: boolean) =>
    setScopes((now) => API_KEY_SCOPES.filter((s) => (s === scope ? on : now.includes(s))));

  return (
    <form className="grid gap-3" onSubmit={submit} aria-label="Create API key">
      <div className="grid gap-1.5">
        <Label htmlFor="api-key-name">Key name</Label>
        <Input
          id="api-key-name"
          value={name}
          maxLength={60}
          placeholder="e.g. Registrar sync"
          onChange={(e) => setName(e.target.value)}
          required
        />
      </div>
      <fieldset className="grid gap-1.5">
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

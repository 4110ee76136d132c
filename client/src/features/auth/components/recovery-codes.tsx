import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";

/** The ten recovery codes, shown once right after they are made. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast({ title: "Copied", description: "Your recovery codes are on the clipboard." });
    } catch {
      toast({ variant: "destructive", title: "Error", description: "Copy them by hand instead." });
    }
  }
  return (
    <section className="grid gap-3" aria-label="Recovery codes">
      <p className="text-sm">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They
        won't be shown again.
      </p>
      <ul className="grid grid-cols-2 gap-2 rounded-lg border bg-muted/40 p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          Copy Codes
        </Button>
        <Button type="button" onClick={onDone}>
          I've Saved Them
        </Button>
      </div>
    </section>
  );
}

import { Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";

/** A small "CSV" download link for one table. */
export function CsvLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} download aria-label={label} className={buttonVariants({ variant: "outline", size: "sm" })}>
      <Download aria-hidden="true" />
      CSV
    </a>
  );
}

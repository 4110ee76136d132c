import type { TAdminLead, TAdminLeadFilterInput } from "@shared/api/admin/leads";
import { ADMIN_LEADS_PATHS } from "@shared/api/admin/leads";
import { Download, Undo2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { getLeadPage, leadKeys, leadSearchParams, useLeadCounts } from "../api/leads";
import { AdminTable } from "../components/admin-table";
import { ReturnLeadDialog } from "../components/return-lead-dialog";

const FIELDS = [
  { key: "from", label: "From", type: "date", placeholder: "" },
  { key: "to", label: "To", type: "date", placeholder: "" },
  { key: "host", label: "Host", type: "text", placeholder: "example.com" },
  { key: "zip", label: "ZIP", type: "text", placeholder: "10001" },
  { key: "state", label: "State", type: "text", placeholder: "NY" },
] as const;

const RETURNED_OPTIONS = [
  { value: "", label: "All leads" },
  { value: "no", label: "Kept" },
  { value: "yes", label: "Returned" },
];

// A flagged lead credited nothing: it looked sent by the domain's owner, or passed the domain's daily cap.
const FLAGGED_OPTIONS = [
  { value: "", label: "All leads" },
  { value: "yes", label: "Flagged" },
  { value: "no", label: "Not flagged" },
];

/** Leads: search by day, host, ZIP, state, returned or flagged; return one with a reason; export; counts. */
export default function LeadsPage() {
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [filter, setFilter] = useState<TAdminLeadFilterInput>({});
  const [returning, setReturning] = useState<TAdminLead | null>(null);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== "")));
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="pt-6">
          <form
            aria-label="Search leads"
            onSubmit={search}
            className="grid gap-3 sm:grid-cols-3 lg:grid-cols-[repeat(7,minmax(0,1fr))_auto] lg:items-end"
          >
            {FIELDS.map((field) => (
              <div key={field.key} className="grid gap-1.5">
                <Label htmlFor={`lead-${field.key}`}>{field.label}</Label>
                <Input
                  id={`lead-${field.key}`}
                  type={field.type}
                  placeholder={field.placeholder}
                  value={draft[field.key] ?? ""}
                  onChange={(e) => setDraft({ ...draft, [field.key]: e.target.value })}
                />
              </div>
            ))}
            <div className="grid gap-1.5">
              <Label htmlFor="lead-returned">Returned</Label>
              <Select
                id="lead-returned"
                options={RETURNED_OPTIONS}
                value={draft.returned ?? ""}
                onValueChange={(returned) => setDraft({ ...draft, returned })}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="lead-flagged">Flagged</Label>
              <Select
                id="lead-flagged"
                options={FLAGGED_OPTIONS}
                value={draft.flagged ?? ""}
                onValueChange={(flagged) => setDraft({ ...draft, flagged })}
              />
            </div>
            <div className="flex gap-2">
              <Button type="submit">Search</Button>
              <a
                className={buttonVariants({ variant: "outline" })}
                href={`${ADMIN_LEADS_PATHS.export}?${leadSearchParams(filter)}`}
                download
              >
                <Download aria-hidden="true" />
                CSV
              </a>
            </div>
          </form>
        </CardContent>
      </Card>

      <AdminTable<TAdminLead>
        label="Leads"
        queryKey={leadKeys.page(filter)}
        fetchPage={(cursor) => getLeadPage(filter, cursor)}
        empty="No leads match this search."
        columns={[
          { header: "Captured", cell: (l) => formatDate(l.createdAt) },
          { header: "Email", cell: (l) => <span className="break-all">{l.email}</span> },
          { header: "ZIP", cell: (l) => `${l.zipCode} · ${l.city}, ${l.state}` },
          { header: "Host", cell: (l) => <span className="break-all">{l.host}</span> },
          { header: "Owner", cell: (l) => l.ownerEmail ?? "—" },
          { header: "Value", cell: (l) => formatMoney(l.value), className: "text-right" },
          { header: "Sale", cell: (l) => <LeadSale lead={l} /> },
          { header: "Consent", cell: (l) => <LeadConsent lead={l} /> },
          {
            header: "Flag",
            cell: (l) =>
              l.flagReason ? (
                // The reason wraps in a column of its own width, so the row stays readable.
                <div className="flex w-60 flex-col items-start gap-1 whitespace-normal">
                  <Badge variant="destructive">Flagged</Badge>
                  <span className="text-xs text-muted-foreground">{l.flagReason}</span>
                </div>
              ) : (
                "—"
              ),
          },
          {
            header: "Status",
            cell: (l) =>
              l.returnedAt ? (
                <Badge variant="secondary">Returned {formatDate(l.returnedAt)}</Badge>
              ) : (
                <Button variant="outline" size="sm" onClick={() => setReturning(l)}>
                  <Undo2 aria-hidden="true" />
                  Return
                </Button>
              ),
          },
        ]}
      />

      <LeadCounts filter={filter} />
      <ReturnLeadDialog lead={returning} onClose={() => setReturning(null)} />
    </div>
  );
}

const SALE_LABELS: Record<string, string> = {
  pending: "Selling",
  sold: "Sold",
  unsold: "Unsold",
  none: "Not for sale",
};

/** Whether the lead was sold, to whom and at what price (the owner's share is its value). */
function LeadSale({ lead }: { lead: TAdminLead }) {
  return (
    <div className="flex w-40 flex-col items-start gap-1 whitespace-normal">
      <Badge variant={lead.saleStatus === "sold" ? "default" : "secondary"}>
        {SALE_LABELS[lead.saleStatus] ?? lead.saleStatus}
      </Badge>
      {lead.buyerName && (
        <span className="text-xs text-muted-foreground">
          {lead.buyerName}
          {lead.salePrice ? ` · ${formatMoney(lead.salePrice)}` : ""}
        </span>
      )}
    </div>
  );
}

/** The consent record the lead carries, opened on demand. */
function LeadConsent({ lead }: { lead: TAdminLead }) {
  const consent = lead.consent;
  if (!consent) return "—";
  return (
    <details className="w-56 whitespace-normal text-xs">
      <summary className="cursor-pointer">Version {consent.version}</summary>
      <dl className="mt-1 grid gap-0.5 text-muted-foreground">
        <dt className="sr-only">Agreed</dt>
        <dd>{new Date(consent.at).toLocaleString()}</dd>
        <dt className="sr-only">Page</dt>
        <dd className="break-all">{consent.pageUrl}</dd>
        <dt className="sr-only">Address</dt>
        <dd>{consent.ip}</dd>
        <dt className="sr-only">Browser</dt>
        <dd className="break-all">{consent.userAgent}</dd>
        <dt className="sr-only">Text</dt>
        <dd className="italic">{consent.text}</dd>
      </dl>
    </details>
  );
}

function LeadCounts({ filter }: { filter: TAdminLeadFilterInput }) {
  const counts = useLeadCounts(filter);
  if (!counts.data) return null;
  const tables = [
    { title: "By host", rows: counts.data.byHost.map((r) => ({ key: r.host, ...r })) },
    { title: "By day", rows: counts.data.byDay.map((r) => ({ key: formatDate(r.day), ...r })) },
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {tables.map((table) => (
        <Card key={table.title}>
          <CardHeader className="pb-2">
            <CardTitle className="text-base">{table.title}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul
              // A long list scrolls; the keyboard reaches it to scroll too.
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable
              tabIndex={0}
              className="grid max-h-96 gap-1 overflow-y-auto text-sm"
              aria-label={`Leads ${table.title.toLowerCase()}`}
            >
              {table.rows.map((row) => (
                <li key={row.key} className="flex justify-between gap-3">
                  <span className="break-all">{row.key}</span>
                  <span className="whitespace-nowrap tabular-nums">
                    {formatNumber(row.leads)} leads · {formatNumber(row.returned)} returned
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

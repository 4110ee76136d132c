import type { Page } from "@playwright/test";
import { sampleReport } from "../../scripts/sample-reports";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { pathTo } from "../../shared/path-to";
import { verifyDomainThroughDns } from "./dns-records";
import { expect, test, toast } from "./fixtures";

// Each test drives several dialogs and server round trips.
test.describe.configure({ timeout: 60_000 });

const uniqueName = (tld = "com") =>
  `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}.${tld}`;

async function addDomain(page: Page, data: Record<string, string>) {
  const res = await page.request.post(DOMAIN_PATHS.list, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

/** Opens the portfolio; the first load of a page can take a while on the development server. */
async function openPortfolio(page: Page) {
  await page.goto("/domains");
  await expect(page.getByRole("heading", { name: "Domain Portfolio" })).toBeVisible({ timeout: 30_000 });
}

const card = (page: Page, name: string) => page.getByTestId("domain-card").filter({ hasText: name });
const csvFile = (name: string, rows: string[]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(`${rows.join("\n")}\n`),
});
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test("a new owner sees the empty portfolio, is told a name is required, then adds a domain", async ({
  page,
  account,
}) => {
  await openPortfolio(page);
  await expect(page.getByText("No domains found")).toBeVisible();
  await expect(page.getByText("Add your first domain to start earning revenue.")).toBeVisible();
  expect(account.email).toBeTruthy();
  // The premium services are shown, waiting for a domain to order them for.
  const panel = page.getByRole("region", { name: "Premium Domain Services" });
  for (const name of ["Order Appraisal", "Hire a Broker", "Choose a Service"]) {
    await expect(panel.getByRole("button", { name })).toBeDisabled();
  }
  await expect(panel.getByText("Add a domain to order services for it.")).toBeVisible();

  await page.getByRole("button", { name: "Add Your First Domain" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Domain" });
  await dialog.getByLabel("Domain name").fill("   ");
  await dialog.getByRole("button", { name: "Add Domain" }).click();
  await expect(toast(page)).toContainText("Domain name is required.");
  await expect(dialog).toBeVisible();

  const name = uniqueName();
  await dialog.getByLabel("Domain name").fill(`  https://WWW.${name.toUpperCase()}/  `);
  await dialog.getByLabel("Ad network").selectOption("sedo");
  await dialog.getByLabel("Parking template").selectOption("premium");
  await dialog.getByLabel("Nameservers").fill("  ns1.sedoparking.com, ns2.sedoparking.com ");
  // The form says what happens: no status to choose, every domain starts pending.
  await expect(dialog.getByTestId("new-domain-status")).toContainText("Pending");
  await expect(dialog.getByRole("combobox", { name: "Status" })).toHaveCount(0);
  await dialog.getByLabel("Acquired on (optional)").fill("2024-05-17");
  await dialog.getByRole("button", { name: "Add Domain" }).click();

  await expect(toast(page)).toContainText("Domain Added!");
  await expect(dialog).toBeHidden();
  // A new domain is pending until its ownership is proven.
  const added = card(page, name);
  await expect(added).toContainText("Pending");
  await expect(added).toContainText("May 17, 2024");
  await expect(added.getByRole("button", { name: "Verify now" })).toBeVisible();
  await expect(added).toContainText("$0.00");
  await expect(page.getByText("No domains found")).toBeHidden();

  // Opened again, the dialog starts empty.
  await page.getByRole("button", { name: "Add Domain" }).click();
  await expect(page.getByRole("dialog", { name: "Add Domain" }).getByLabel("Domain name")).toHaveValue("");
  await expect(
    page.getByRole("dialog", { name: "Add Domain" }).getByLabel("Acquired on (optional)"),
  ).toHaveValue("");
});

test("adding a name that is already parked keeps the dialog open with the reason", async ({
  page,
  account,
}) => {
  const existing = await addDomain(page, { name: uniqueName() });
  expect(account.username).toBeTruthy();
  await openPortfolio(page);
  await page.getByRole("button", { name: "Add Domain" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Domain" });
  await dialog.getByLabel("Domain name").fill(existing.name);
  await dialog.getByRole("button", { name: "Add Domain" }).click();

  await expect(toast(page)).toContainText(`${existing.name} is already in your portfolio.`);
  await expect(toast(page)).not.toContainText("Please try again");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveText(`${existing.name} is already in your portfolio.`);
  await expect(page.getByTestId("domain-card")).toHaveCount(1);
});

test("Edit Domain in the manage dialog saves the changes", async ({ page, account }) => {
  const domain = await addDomain(page, { name: uniqueName("net") });
  await verifyDomainThroughDns(page, domain);
  expect(account.name).toBeTruthy();
  await openPortfolio(page);
  await card(page, domain.name).getByRole("button", { name: "Manage Domain" }).click();

  const dialog = page.getByRole("dialog", { name: domain.name });
  await expect(dialog.getByText("Total Revenue")).toBeVisible();
  await expect(dialog.getByText("Total Visitors")).toBeVisible();
  await expect(dialog).toContainText("Not set");
  await dialog.getByRole("button", { name: "Edit Domain" }).click();

  await dialog.getByLabel("Status").selectOption("active");
  await dialog.getByLabel("Ad network").selectOption("bodis");
  await dialog.getByLabel("Expiry date").fill("2031-08-15");
  await dialog.getByLabel("Purchase price ($)").fill("2500");
  await dialog.getByLabel("Renewal cost ($/year)").fill("12.99");
  await dialog.getByRole("button", { name: "Save Changes" }).click();

  await expect(toast(page)).toContainText("Domain Updated");
  await expect(dialog.getByRole("button", { name: "Edit Domain" })).toBeVisible();
  await expect(dialog).toContainText("Aug 15, 2031");
  await expect(dialog).toContainText("Bodis");
  await expect(dialog).toContainText("$2,500.00");
  await expect(dialog).toContainText("$12.99 / year");
  await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
  await expect(card(page, domain.name)).toContainText("Active");
  await expect(card(page, domain.name)).toContainText("Aug 15, 2031");

  // It was saved on the server, not only on screen.
  await page.reload();
  await expect(card(page, domain.name)).toContainText("Active");
});

test("a CSV import shows its preview, refuses a file with invalid rows, then imports the new domains", async ({
  page,
  account,
}) => {
  const mine = await addDomain(page, { name: uniqueName() });
  expect(account.email).toBeTruthy();
  const [a, b] = [uniqueName(), uniqueName("org")];
  await openPortfolio(page);
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Domains" });

  await dialog
    .getByLabel("Choose a CSV file")
    .setInputFiles(
      csvFile("bad.csv", ["name,status", `${a},parked`, "not a domain,active", `${mine.name},`]),
    );
  const summary = dialog.getByRole("list", { name: "Preview summary" });
  await expect(summary).toContainText("New: 1");
  await expect(summary).toContainText("Already yours: 1");
  await expect(summary).toContainText("Invalid: 1");
  await expect(dialog).toContainText("is not a valid domain name");
  await expect(dialog.getByRole("button", { name: /^Import \d+ domain/ })).toBeDisabled();

  await dialog
    .getByLabel("Choose a CSV file")
    .setInputFiles(
      csvFile("good.csv", ["name,status,expiry date", `${a},parked,2030-01-31`, `${b},,`, `${mine.name},,`]),
    );
  await expect(summary).toContainText("New: 2");
  await expect(summary).toContainText("Invalid: 0");
  await dialog.getByRole("button", { name: "Import 2 domains" }).click();

  await expect(toast(page)).toContainText("Domains Imported!");
  await expect(dialog).toBeHidden();
  // Imported domains wait for their ownership to be proven, whatever the file's status column says.
  await expect(card(page, a)).toContainText("Pending");
  await expect(card(page, a)).toContainText("Jan 31, 2030");
  await expect(card(page, b)).toContainText("Pending");
  await expect(page.getByTestId("domain-card")).toHaveCount(3);
});

test("a file with a wrong header is refused in the preview with the server's reason", async ({
  page,
  account,
}) => {
  expect(account.email).toBeTruthy();
  await openPortfolio(page);
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Domains" });
  await dialog
    .getByLabel("Choose a CSV file")
    .setInputFiles(csvFile("wrong.csv", ["website,owner", "a.com,me"]));
  await expect(dialog.getByRole("alert")).toContainText("Unknown column “website”");
  await expect(dialog.getByRole("button", { name: /^Import \d+ domain/ })).toBeDisabled();
});

test("a parking report credits the domain and its daily revenue shows on the card", async ({
  page,
  account,
}) => {
  const domain = await addDomain(page, { name: uniqueName() });
  expect(account.email).toBeTruthy();
  // Reports may start on the day the domain was acquired: set it before the report's days.
  const acquired = await page.request.patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }), {
    data: { registrationDate: daysAgo(30) },
  });
  expect(acquired.status()).toBe(200);
  await openPortfolio(page);
  await page.getByRole("button", { name: "Import Parking Report" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Parking Report" });
  await dialog.getByLabel("Ad network").selectOption("parkingcrew");
  await expect(dialog).toContainText("Date, Domain, Visits, Clicks, Revenue");
  await dialog
    .getByLabel("Choose a ParkingCrew report")
    .setInputFiles(
      csvFile("parkingcrew.csv", [
        "Date,Domain,Visits,Clicks,Revenue",
        `${daysAgo(2)},${domain.name},300,9,45.00`,
        `${daysAgo(1)},${domain.name},200,6,15.00`,
        `${daysAgo(1)},not-mine-${domain.name},10,1,1.00`,
      ]),
    );

  const result = dialog.getByTestId("parking-import-result");
  await expect(result).toContainText("Matched 1 of the report's 2 domains: imported 2 domain-days");
  await expect(result).toContainText("$60.00");
  await expect(result.getByTestId("unknown-report-domains")).toContainText(`not-mine-${domain.name}`);
  await dialog.getByRole("button", { name: "Done" }).click();

  // $60 over the last 30 days is $2.00 a day; 500 visitors.
  await expect(card(page, domain.name)).toContainText("$2.00");
  await expect(card(page, domain.name)).toContainText("500");
});

test("a sample parking report of the last 30 days dropped on the import area is imported", async ({
  page,
  account,
}) => {
  expect(account.email).toBeTruthy();
  // The sample's own domains are the demo account's; this account parks two names of its own.
  const [sampleDomain, unknownDomain] = [uniqueName(), uniqueName()];
  await addDomain(page, { name: sampleDomain, registrationDate: daysAgo(60) });
  const report = sampleReport("parkingcrew", {
    today: new Date().toISOString().slice(0, 10),
    domains: [sampleDomain, unknownDomain],
  });
  await openPortfolio(page);
  await page.getByRole("button", { name: "Import Parking Report" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Parking Report" });
  await dialog.getByLabel("Ad network").selectOption("parkingcrew");

  // A real drop: a DataTransfer holding the file, as the browser builds it when a file is dragged in.
  const zone = dialog.locator("label:has(input[type=file])");
  const dataTransfer = await page.evaluateHandle((csv) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([csv], "parkingcrew.csv", { type: "text/csv" }));
    return transfer;
  }, report);
  await zone.dispatchEvent("dragenter", { dataTransfer });
  await expect(zone).toHaveAttribute("data-dragging", "true");
  await zone.dispatchEvent("drop", { dataTransfer });

  const result = dialog.getByTestId("parking-import-result");
  await expect(result).toContainText("imported 30 domain-days");
  await expect(result.getByTestId("unknown-report-domains")).toContainText(`${unknownDomain}30 rows`);
});

test("a portfolio larger than a page is paged, searched and sorted", async ({ page, account }) => {
  expect(account.email).toBeTruthy();
  const stem = `e2e-page-${Date.now().toString(36)}`;
  const names = Array.from({ length: 30 }, (_, i) => `${stem}-${String(i).padStart(2, "0")}.com`);
  const res = await page.request.post(DOMAIN_PATHS.import, {
    headers: { "Content-Type": "text/csv" },
    data: `name\n${names.join("\n")}\n`,
  });
  expect(res.status(), await res.text()).toBe(201);

  // The grid asks the server for one page at a time, never the whole portfolio.
  const portfolioReads: URL[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === DOMAIN_PATHS.list && r.method() === "GET") portfolioReads.push(url);
  });
  await openPortfolio(page);
  await expect(page.getByText("Showing 1–24 of 30 domains")).toBeVisible();
  await expect(page.getByTestId("domain-card")).toHaveCount(24);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Showing 25–30 of 30 domains")).toBeVisible();
  await expect(page.getByTestId("domain-card")).toHaveCount(6);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  const gridReads = portfolioReads.filter((url) => url.searchParams.get("limit") === "24");
  expect(gridReads.map((url) => url.searchParams.has("cursor"))).toEqual([false, true]);
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByText("Showing 1–24 of 30 domains")).toBeVisible();

  await page.getByLabel("Search domains").fill(`${stem}-07`);
  await expect(page.getByTestId("domain-card")).toHaveCount(1);
  await expect(page.getByText("Showing 1–1 of 1 domain")).toBeVisible();

  await page.getByLabel("Search domains").fill("");
  await page.getByLabel("Sort domains").selectOption("name");
  await expect(page.getByTestId("domain-card").first()).toContainText(names[0]);
});

test("the premium-services panel needs a domain, orders an appraisal to checkout, and lists the record", async ({
  page,
  account,
}) => {
  const domain = await addDomain(page, { name: uniqueName() });
  expect(account.email).toBeTruthy();
  await openPortfolio(page);
  const panel = page.getByRole("region", { name: "Premium Domain Services" });
  await expect(panel.getByRole("button", { name: "Order Appraisal" })).toBeDisabled();
  await expect(panel.getByRole("button", { name: "Hire a Broker" })).toBeDisabled();
  await expect(panel.getByRole("button", { name: "Choose a Service" })).toBeDisabled();

  await panel.getByLabel("Domain", { exact: true }).selectOption({ label: domain.name });
  await expect(panel.getByText("No services for this domain yet.")).toBeVisible();
  await panel.getByRole("button", { name: "Order Appraisal" }).click();
  const dialog = page.getByRole("dialog", { name: "Domain Appraisal" });
  await dialog.getByText("Professional", { exact: true }).click();
  await expect(dialog.getByTestId("offer-total")).toHaveText("$99.99");
  await dialog.getByRole("button", { name: "Order Appraisal" }).click();

  // Ordered, not yet paid: no success message before the payment.
  await expect(page).toHaveURL(/\/checkout\/service\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Appraisal Ordered!")).toHaveCount(0);

  await page.goto("/domains");
  await page
    .getByRole("region", { name: "Premium Domain Services" })
    .getByLabel("Domain", { exact: true })
    .selectOption({ label: domain.name });
  await expect(page.getByRole("list", { name: "Domain services" })).toContainText("Professional Appraisal");
});

import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import type { TDomain } from "../../shared/api/domains";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import type { TDomainPnl, TPortfolioPnl } from "../../shared/api/pnl";
import { PNL_PATHS, PORTFOLIO_PNL_PATH } from "../../shared/api/pnl";
import { pathTo } from "../../shared/path-to";
import { OPEN_DIALOG, seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

const DEMO = { usernameOrEmail: "demo@example.com", password: "demo-password" };
/** A demo domain that other suites leave alone (leads land on autoquotehub.com). */
const DEMO_DOMAIN = "commuterpolicy.com";

const money = (amount: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(Number(amount));
const roi = (value: string | null) => (value === null ? "—" : `${value.startsWith("-") ? "" : "+"}${value}%`);

async function signInAsDemo(page: Page) {
  const res = await page.request.post(AUTH_PATHS.login, { data: DEMO });
  expect(res.status(), await res.text()).toBe(200);
}

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** Opens the P&L view of the portfolio; the first visit loads its code. */
async function openPnl(page: Page) {
  await page.goto("/domains");
  await expect(page.getByRole("heading", { name: "Domain Portfolio" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Profit & Loss" }).click();
  await expect(page).toHaveURL(/view=pnl/);
  await expect(page.getByTestId("pnl-row").first()).toBeVisible({ timeout: 30_000 });
}

const shownNames = (page: Page) => page.getByTestId("pnl-row").locator("td:first-child").allTextContents();

test.describe("profit and loss", () => {
  // The dialog and the table load their code on first use; the machine may be busy.
  test.beforeEach(() => test.slow());

  test("a demo domain's manage dialog shows its P&L, figures and chart as the API answers them, for each range", async ({
    page,
  }) => {
    await signInAsDemo(page);
    const domains = await api<TDomain[]>(page, DOMAIN_PATHS.list);
    const domain = domains.find((d) => d.name === DEMO_DOMAIN);
    if (!domain) throw new Error(`${DEMO_DOMAIN} is not in the demo portfolio`);

    await page.goto("/domains");
    await page.getByLabel("Search domains").fill(DEMO_DOMAIN);
    await page
      .getByTestId("domain-card")
      .filter({ hasText: DEMO_DOMAIN })
      .getByRole("button", { name: "Manage Domain" })
      .click();
    const dialog = page.getByRole("dialog", { name: DEMO_DOMAIN });
    const section = dialog.getByRole("region", { name: "Profit & Loss" });
    await expect(section).toBeVisible();

    for (const range of ["12m", "30d", "all"] as const) {
      if (range !== "12m")
        await section.getByRole("button", { name: range === "all" ? "All" : range.toUpperCase() }).click();
      await expect(
        section.getByRole("button", { name: range === "all" ? "All" : range.toUpperCase() }),
      ).toHaveAttribute("aria-pressed", "true");
      await expect(async () => {
        const pnl = await api<TDomainPnl>(
          page,
          `${pathTo(PNL_PATHS.domain, { id: domain.id })}?range=${range}`,
        );
        const figures = section.getByTestId("domain-pnl");
        await expect(figures.getByRole("definition").nth(0)).toHaveText(money(pnl.domain.income.total), {
          timeout: 1000,
        });
        await expect(figures.getByRole("definition").nth(1)).toHaveText(money(pnl.domain.costs.total), {
          timeout: 1000,
        });
        await expect(figures.getByRole("definition").nth(2)).toHaveText(money(pnl.domain.net), {
          timeout: 1000,
        });
        await expect(figures.getByRole("definition").nth(3)).toHaveText(roi(pnl.domain.roi), {
          timeout: 1000,
        });
        await expect(section).toContainText(`Last 12 months ${money(pnl.domain.renewal.trailingRevenue)}`, {
          timeout: 1000,
        });
        if (pnl.domain.renewal.hint)
          await expect(section).toContainText(pnl.domain.renewal.hint, { timeout: 1000 });
        await expect(section.getByTestId("pnl-month-chart")).toHaveAttribute(
          "data-months",
          String(pnl.months.length),
          {
            timeout: 1000,
          },
        );
      }).toPass({ timeout: 20_000 });
    }
    await expect(section.locator(".recharts-bar-rectangle").first()).toBeVisible();
  });

  test("the P&L table sorts by each column and by the sort menu, in the API's order, with a totals row", async ({
    page,
  }) => {
    await signInAsDemo(page);
    await openPnl(page);

    const table = page.getByTestId("pnl-table");
    await expect(async () => {
      const pnl = await api<TPortfolioPnl>(page, `${PORTFOLIO_PNL_PATH}?range=12m&sort=net&order=desc`);
      expect(await shownNames(page)).toEqual(pnl.rows.map((r) => r.name));
      await expect(page.getByTestId("pnl-totals")).toContainText(`Total (${pnl.totals.domains} domains)`, {
        timeout: 1000,
      });
      await expect(page.getByTestId("pnl-totals")).toContainText(money(pnl.totals.net), { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(table.getByRole("columnheader", { name: "Net" })).toHaveAttribute("aria-sort", "descending");

    const steps: { act: () => Promise<void>; sort: string; order: string; header: string; aria: string }[] = [
      {
        act: () => table.getByRole("button", { name: "ROI" }).click(),
        sort: "roi",
        order: "desc",
        header: "ROI",
        aria: "descending",
      },
      {
        act: () => table.getByRole("button", { name: "ROI" }).click(),
        sort: "roi",
        order: "asc",
        header: "ROI",
        aria: "ascending",
      },
      {
        act: () => table.getByRole("button", { name: "Income" }).click(),
        sort: "revenue",
        order: "desc",
        header: "Income",
        aria: "descending",
      },
      {
        act: async () => {
          await page.getByLabel("Sort by").selectOption("cost");
        },
        sort: "cost",
        order: "desc",
        header: "Costs",
        aria: "descending",
      },
      {
        act: () => page.getByRole("button", { name: "Highest first" }).click(),
        sort: "cost",
        order: "asc",
        header: "Costs",
        aria: "ascending",
      },
    ];
    for (const step of steps) {
      await step.act();
      await expect(table.getByRole("columnheader", { name: step.header })).toHaveAttribute(
        "aria-sort",
        step.aria,
      );
      await expect(async () => {
        const pnl = await api<TPortfolioPnl>(
          page,
          `${PORTFOLIO_PNL_PATH}?range=12m&sort=${step.sort}&order=${step.order}`,
        );
        expect(await shownNames(page)).toEqual(pnl.rows.map((r) => r.name));
      }).toPass({ timeout: 20_000 });
    }
  });

  test("the P&L table exports as CSV in the range and order shown, with its totals", async ({ page }) => {
    await signInAsDemo(page);
    await openPnl(page);
    await page
      .getByRole("group", { name: "Profit and loss range" })
      .getByRole("button", { name: "90D" })
      .click();
    await page.getByTestId("pnl-table").getByRole("button", { name: "Income" }).click();
    await expect(page.getByTestId("pnl-table").getByRole("columnheader", { name: "Income" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(page.getByText(/^90 days ·/)).toBeVisible();

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloading;

    expect(download.suggestedFilename()).toMatch(
      /^parkpilot-pnl-90d-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const lines = (await readFile(await download.path(), "utf8")).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Domain,Parking income,Lead income,Marketplace income,Other income,Total income,Purchase cost," +
        "Renewal cost (share),Services cost,Total costs,Net,ROI (%),Trailing 12-month revenue," +
        "Yearly renewal cost,Renewal hint,Expires",
    );
    const names = await shownNames(page);
    expect(lines.slice(1, -1).map((line) => line.split(",")[0])).toEqual(names);
    const pnl = await api<TPortfolioPnl>(page, `${PORTFOLIO_PNL_PATH}?range=90d&sort=revenue&order=desc`);
    const total = lines.at(-1)?.split(",") ?? [];
    expect(total[0]).toBe("Total");
    expect(total[5]).toBe(pnl.totals.income.total);
    expect(total[10]).toBe(pnl.totals.net);
  });

  test("the P&L view and the dialog's P&L section have no serious accessibility problems", async ({
    page,
  }) => {
    await signInAsDemo(page);
    await openPnl(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Domains", exact: true }).click();
    await page.getByRole("button", { name: "Manage Domain" }).first().click();
    await expect(page.getByRole("dialog").getByTestId("pnl-month-chart")).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(page, OPEN_DIALOG)).toEqual([]);
  });
});

import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatCard } from "@/components/ui/stat-card";
import { HeldFundsBreakdown } from "@/features/payouts/components/held-funds-breakdown";
import { formatMoney } from "@/lib/format";

describe("the money display", () => {
  it("formats a decimal string with a dollar sign, thousands separators and two places", () => {
    expect(formatMoney("1234.5")).toBe("$1,234.50");
    expect(formatMoney("-100.00")).toBe("-$100.00");
    expect(formatMoney("0")).toBe("$0.00");
  });

  it("shows a money stat card's decimal-string value as money", () => {
    render(<StatCard title="Total Commissions" value="14.75" icon="dollar-sign" color="purple" />);
    expect(screen.getByText("$14.75")).toBeTruthy();
  });

  it("shows the held funds from decimal strings, and what is held past the listed days to the cent", () => {
    render(
      <HeldFundsBreakdown
        balance={{
          availableBalance: "0.00",
          pendingBalance: "100.10",
          paidOut: "12.5",
          inReview: "1200.00",
          nextReleases: [
            { date: "2026-12-01", amount: "60.05" },
            { date: "2026-12-02", amount: "0.03" },
          ],
          awaitingBuyerPayment: "0.00",
          currency: "USD",
        }}
      />,
    );
    expect(screen.getByTestId("pending-balance").textContent).toBe("$100.10");
    expect(screen.getByTestId("paid-out").textContent).toBe("$12.50");
    expect(screen.getByTestId("in-review").textContent).toBe("$1,200.00");
    const releases = screen.getByRole("list", { name: "Pending funds by release date" });
    const rows = within(releases)
      .getAllByRole("listitem")
      .map((row) => row.textContent);
    // Computed in cents: 100.10 - 60.05 - 0.03 leaves exactly 40.02.
    expect(rows).toEqual(["Available Dec 1, 2026$60.05", "Available Dec 2, 2026$0.03", "Later$40.02"]);
  });

  it("leaves out the later line when the listed days hold all that is pending", () => {
    render(
      <HeldFundsBreakdown
        balance={{
          availableBalance: "5.00",
          pendingBalance: "0.30",
          paidOut: "0.00",
          inReview: "0.00",
          nextReleases: [
            { date: "2026-12-01", amount: "0.10" },
            { date: "2026-12-02", amount: "0.20" },
          ],
          awaitingBuyerPayment: "0.00",
          currency: "USD",
        }}
      />,
    );
    const releases = screen.getByRole("list", { name: "Pending funds by release date" });
    expect(within(releases).queryByText("Later")).toBeNull();
  });

  it("shows what waits for a lead buyer's payment apart from the release days", () => {
    render(
      <HeldFundsBreakdown
        balance={{
          availableBalance: "0.00",
          pendingBalance: "105.00",
          paidOut: "0.00",
          inReview: "0.00",
          nextReleases: [{ date: "2026-12-01", amount: "70.00" }],
          awaitingBuyerPayment: "35.00",
          currency: "USD",
        }}
      />,
    );
    expect(screen.getByTestId("awaiting-buyer-payment").textContent).toBe("Awaiting buyer payment$35.00");
    const releases = screen.getByRole("list", { name: "Pending funds by release date" });
    expect(within(releases).queryByText("Later")).toBeNull();
  });
});

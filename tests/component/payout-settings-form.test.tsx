import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PayoutSettingsCard } from "@/features/settings/components/payout-settings-card";
import { errorOf } from "./form-errors";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();
const SAVED = { minPayout: "50.00", payoutFrequency: "weekly", autoPayout: true, lastPayoutEmail: null };

/** Answers the saved settings to GET, and `put` to PUT. */
function settingsServer(put: (body: unknown) => [number, unknown]) {
  server.handle((req, res) => {
    if (req.method === "GET") return sendJson(res, 200, SAVED);
    const [status, body] = put(req.body);
    sendJson(res, status, body);
  });
}

const minimum = () => screen.findByLabelText("Minimum Payout Amount");
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save Payout Settings" }));
const puts = () => server.received.filter((r) => r.method === "PUT");

describe("the payout settings form", () => {
  it("starts from the saved minimum as exact dollars and cents", async () => {
    settingsServer(() => [200, SAVED]);
    renderWithQueries(<PayoutSettingsCard />);
    expect(((await minimum()) as HTMLInputElement).value).toBe("50.00");
  });

  it.each([
    ["40", "Minimum payout must be at least $50."],
    ["60.123", "Enter an amount in dollars and cents."],
    ["", "Enter an amount in dollars and cents."],
  ])("refuses %j at its field with the shared rule and sends nothing", async (typed, message) => {
    settingsServer(() => [200, SAVED]);
    renderWithQueries(<PayoutSettingsCard />);
    const field = await minimum();
    fireEvent.change(field, { target: { value: typed } });
    save();
    await waitFor(() => expect(errorOf(field)).toBe(message));
    expect(puts()).toEqual([]);
  });

  it("sends the minimum as exact text with the frequency and auto payout", async () => {
    settingsServer((body) => [200, { ...SAVED, ...(body as object) }]);
    renderWithQueries(<PayoutSettingsCard />);
    const field = await minimum();
    fireEvent.change(field, { target: { value: "75.5" } });
    fireEvent.change(screen.getByLabelText("Payout Frequency"), { target: { value: "monthly" } });
    fireEvent.click(screen.getByRole("switch", { name: "Auto Payout" }));
    save();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ minPayout: "75.50", payoutFrequency: "monthly", autoPayout: false });
    expect(await screen.findByText("Settings Updated")).toBeTruthy();
  });

  it("shows the server's field issue at the minimum", async () => {
    settingsServer(() => [
      400,
      {
        message: "Invalid input: Minimum payout is too large.",
        code: "BAD_REQUEST",
        issues: [{ path: ["minPayout"], message: "Minimum payout is too large." }],
      },
    ]);
    renderWithQueries(<PayoutSettingsCard />);
    const field = await minimum();
    fireEvent.change(field, { target: { value: "900000" } });
    save();
    await waitFor(() => expect(errorOf(field)).toBe("Minimum payout is too large."));
  });
});

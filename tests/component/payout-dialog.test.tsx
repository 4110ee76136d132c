import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PayoutDialog } from "@/features/payouts/components/payout-dialog";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

function openDialog(availableBalance = "150.00", minimum = "75.00") {
  renderWithQueries(
    <PayoutDialog
      open
      onOpenChange={() => {}}
      availableBalance={availableBalance}
      minimum={minimum}
      lastPayoutEmail="last@wallet.example"
    />,
  );
}

const amount = () => screen.getByLabelText("Amount (USD)") as HTMLInputElement;
const confirm = () => screen.getByRole("button", { name: "Confirm Transfer" }) as HTMLButtonElement;
const hint = () => document.getElementById(amount().getAttribute("aria-describedby") ?? "")?.textContent;

describe("the payout dialog", () => {
  it("starts from the whole balance and the last payout's email, ready to confirm", async () => {
    openDialog();
    await waitFor(() => expect(confirm().disabled).toBe(false));
    expect(amount().value).toBe("150.00");
    expect((screen.getByLabelText("PayPal account email") as HTMLInputElement).value).toBe(
      "last@wallet.example",
    );
    expect(hint()).toBe("Between $75.00 and $150.00.");
  });

  it.each([
    ["74.99", "Your minimum payout is $75.00."],
    ["150.01", "You have $150.00 available."],
    ["12.345", "Enter an amount in dollars and cents."],
  ])("holds %j back with its reason", async (typed, reason) => {
    openDialog();
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.change(amount(), { target: { value: typed } });
    await waitFor(() => expect(hint()).toBe(reason));
    expect(confirm().disabled).toBe(true);
  });

  it("a balance under the minimum cannot be confirmed at all", async () => {
    openDialog("40.00", "50.00");
    await waitFor(() => expect(hint()).toBe("Your minimum payout is $50.00."));
    expect(confirm().disabled).toBe(true);
  });

  it("sends the amount as exact text with the email", async () => {
    server.handle((_req, res) =>
      sendJson(res, 201, { id: "p1", amount: "80.00", status: "held", message: "Held for review" }),
    );
    openDialog();
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.change(amount(), { target: { value: "80" } });
    fireEvent.change(screen.getByLabelText("PayPal account email"), {
      target: { value: " new@wallet.example " },
    });
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    await waitFor(() => expect(server.received).toHaveLength(1));
    expect(server.received[0]).toMatchObject({
      method: "POST",
      url: PAYMENT_PATHS.payout,
      body: { amount: "80.00", paypalEmail: "new@wallet.example" },
    });
    expect(await screen.findByText("Payout Held for Review")).toBeTruthy();
  });

  it("sends every request of an opening under one Idempotency-Key, and a new opening under another", async () => {
    // The first answer is lost (a 502 from a proxy, say); the server may have made the payout.
    let answered = 0;
    server.handle((_req, res) =>
      answered++ === 0
        ? sendJson(res, 502, { message: "Bad gateway" })
        : sendJson(res, 201, { id: "p3", amount: "150.00", status: "completed", message: "On its way" }),
    );
    const view = renderWithQueries(
      <PayoutDialog
        open
        onOpenChange={() => {}}
        availableBalance="150.00"
        minimum="75.00"
        lastPayoutEmail="a@b.example"
      />,
    );
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    expect(await screen.findByText("Payout Failed")).toBeTruthy();
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    await waitFor(() => expect(server.received).toHaveLength(2));
    const [first, retry] = server.received.map((r) => r.headers["idempotency-key"]);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);

    view.unmount();
    openDialog();
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    await waitFor(() => expect(server.received).toHaveLength(3));
    expect(server.received[2].headers["idempotency-key"]).toMatch(/^[0-9a-f]{32}$/);
    expect(server.received[2].headers["idempotency-key"]).not.toBe(first);
  });

  it("sends one payout an opening: once it is sent, Confirm stays disabled and a second click sends nothing", async () => {
    server.handle((_req, res) =>
      sendJson(res, 201, { id: "p2", amount: "150.00", status: "held", message: "Held for review" }),
    );
    openDialog();
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    await waitFor(() => expect(server.received).toHaveLength(1));
    // The dialog is still on screen (as while it closes): the button is spent.
    await waitFor(() => expect(confirm().disabled).toBe(true));
    fireEvent.click(confirm());
    fireEvent.submit(confirm().closest("form") as HTMLFormElement);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.received).toHaveLength(1);
  });
});

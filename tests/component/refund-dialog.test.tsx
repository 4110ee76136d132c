import type { TAdminOrder } from "@shared/api/admin/orders";
import { pathTo } from "@shared/path-to";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RefundDialog } from "@/features/admin/components/refund-dialog";
import { ADMIN_ORDERS_PATHS } from "../../shared/api/admin/orders";
import { errorOf, REASON_TOO_LONG } from "./form-errors";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

const ORDER: TAdminOrder = {
  id: "6f1c1d2e-8a43-4c1b-9e57-0d1f2a3b4c5d",
  description: "Premium parking, 1 year",
  buyerEmail: "buyer@example.com",
  price: "120.00",
  refunded: "20.01",
  status: "paid",
  provider: "stripe",
  paidAt: "2026-11-01T10:00:00.000Z",
  createdAt: "2026-11-01T10:00:00.000Z",
};

const refunded = (amount: string, full: boolean) => ({
  refund: { id: "r1", amount, provider: "stripe", providerRefundId: "re_1", full },
  order: { ...ORDER, refunded: "120.00", status: "refunded" },
});

const amount = () => screen.getByLabelText("Amount (blank for all that is left)");
const reason = () => screen.getByLabelText("Reason (the buyer sees it)");
const refundButton = () => screen.getByRole("button", { name: /^Refund \$/ }) as HTMLButtonElement;

function openDialog() {
  renderWithQueries(<RefundDialog order={ORDER} onClose={() => {}} />);
}

describe("the refund dialog", () => {
  it.each(["120.00", "0", "0.00", "12.345", "ten"])(
    "holds the amount %j back with the order's bounds",
    async (typed) => {
      openDialog();
      fireEvent.change(reason(), { target: { value: "Delivered a day late" } });
      fireEvent.change(amount(), { target: { value: typed } });
      await waitFor(() =>
        expect(errorOf(amount())).toBe("Enter an amount from $0.01 to $99.99, such as 12.50."),
      );
      expect(refundButton().disabled).toBe(true);
    },
  );

  it("waits for a reason of at least three characters, and says so once the field is left", async () => {
    openDialog();
    expect(refundButton().disabled).toBe(true);
    fireEvent.change(reason(), { target: { value: "No" } });
    fireEvent.blur(reason());
    await waitFor(() => expect(errorOf(reason())).toBe("Say why the order is refunded"));
    expect(refundButton().disabled).toBe(true);
    fireEvent.change(reason(), { target: { value: "Not delivered" } });
    await waitFor(() => expect(refundButton().disabled).toBe(false));
    expect(errorOf(reason())).toBeNull();
  });

  it("a blank amount refunds all that is left, after the confirmation, and sends no amount", async () => {
    server.handle((_req, res) => sendJson(res, 201, refunded("99.99", true)));
    openDialog();
    fireEvent.change(reason(), { target: { value: "  Not delivered  " } });
    await waitFor(() => expect(refundButton().disabled).toBe(false));
    expect(refundButton().textContent).toBe("Refund $99.99");
    fireEvent.click(refundButton());

    expect(
      await screen.findByText("The order ends and what it granted stops.", { exact: false }),
    ).toBeTruthy();
    expect(server.received).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Confirm Refund" }));
    await waitFor(() => expect(server.received).toHaveLength(1));
    expect(server.received[0]).toMatchObject({
      method: "POST",
      url: pathTo(ADMIN_ORDERS_PATHS.refunds, { id: ORDER.id }),
      body: { reason: "Not delivered" },
    });
    expect(server.received[0].body).not.toHaveProperty("amount");
    expect(await screen.findByText("Order Refunded")).toBeTruthy();
  });

  it("a part of it is confirmed as a partial refund and sent as typed", async () => {
    server.handle((_req, res) => sendJson(res, 201, refunded("20.00", false)));
    openDialog();
    fireEvent.change(amount(), { target: { value: " 20.00 " } });
    fireEvent.change(reason(), { target: { value: "Delivered a day late" } });
    await waitFor(() => expect(refundButton().textContent).toBe("Refund $20.00"));
    await waitFor(() => expect(refundButton().disabled).toBe(false));
    fireEvent.click(refundButton());
    expect(await screen.findByText("The service continues.", { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Confirm Refund" }));
    await waitFor(() => expect(server.received).toHaveLength(1));
    expect(server.received[0].body).toEqual({ amount: "20.00", reason: "Delivered a day late" });
    expect(await screen.findByText("Partial Refund Made")).toBeTruthy();
  });

  it("puts the server's field issue back at its field", async () => {
    server.handle((_req, res) => sendJson(res, 400, REASON_TOO_LONG));
    openDialog();
    fireEvent.change(reason(), { target: { value: "Delivered a day late" } });
    await waitFor(() => expect(refundButton().disabled).toBe(false));
    fireEvent.click(refundButton());
    fireEvent.click(await screen.findByRole("button", { name: "Confirm Refund" }));
    await waitFor(() => expect(errorOf(reason())).toBe("Keep the reason under 500 characters"));
    expect((reason() as HTMLTextAreaElement).value).toBe("Delivered a day late");
  });

  it("a refusal naming no field is a toast, and the form is back", async () => {
    server.handle((_req, res) =>
      sendJson(res, 409, {
        message: "This order was refunded in full already",
        code: "CONFLICT",
        issues: [],
      }),
    );
    openDialog();
    fireEvent.change(reason(), { target: { value: "Delivered a day late" } });
    await waitFor(() => expect(refundButton().disabled).toBe(false));
    fireEvent.click(refundButton());
    fireEvent.click(await screen.findByRole("button", { name: "Confirm Refund" }));
    expect(await screen.findByText("This order was refunded in full already")).toBeTruthy();
    expect(refundButton()).toBeTruthy();
  });
});

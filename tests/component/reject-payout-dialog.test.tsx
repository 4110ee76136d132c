import type { TAdminPayout } from "@shared/api/admin/payouts";
import { pathTo } from "@shared/path-to";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RejectPayoutDialog } from "@/features/admin/components/reject-payout-dialog";
import { ADMIN_PAYOUTS_PATHS } from "../../shared/api/admin/payouts";
import { errorOf, REASON_TOO_LONG } from "./form-errors";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

const PAYOUT: TAdminPayout = {
  id: "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b",
  amount: "250.00",
  paypalEmail: "owner-paypal@example.com",
  status: "held",
  holdReason: "First payout to a new PayPal account",
  rejectReason: null,
  reviewedAt: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  user: { id: "u1", email: "owner@example.com", name: "Owner", createdAt: "2026-10-01T10:00:00.000Z" },
  payee: { suspended: false, suspendReason: null, lockedDown: false },
  history: { completed: 0, completedTotal: "0.00", lastPaypalEmail: null },
};

const reason = () => screen.getByLabelText("Reason (the owner sees it)") as HTMLTextAreaElement;
const rejectButton = () => screen.getByRole("button", { name: "Reject Payout" }) as HTMLButtonElement;

function openDialog(onClose: () => void = () => {}) {
  renderWithQueries(<RejectPayoutDialog payout={PAYOUT} onClose={onClose} />);
}

describe("the reject-payout dialog", () => {
  it("waits for a reason of at least three characters, and says so once the field is left", async () => {
    server.handle((_req, res) => sendJson(res, 200, {}));
    openDialog();
    expect(rejectButton().disabled).toBe(true);
    fireEvent.change(reason(), { target: { value: " ab " } });
    fireEvent.blur(reason());
    await waitFor(() => expect(errorOf(reason())).toBe("Say why the payout is rejected"));
    expect(rejectButton().disabled).toBe(true);
    fireEvent.change(reason(), { target: { value: "Unverified account" } });
    await waitFor(() => expect(rejectButton().disabled).toBe(false));
    expect(errorOf(reason())).toBeNull();
    expect(server.received).toEqual([]);
  });

  it("rejects the payout with the trimmed reason and closes", async () => {
    server.handle((_req, res) => sendJson(res, 200, {}));
    let closed = false;
    openDialog(() => {
      closed = true;
    });
    fireEvent.change(reason(), { target: { value: "  Unverified PayPal account  " } });
    await waitFor(() => expect(rejectButton().disabled).toBe(false));
    fireEvent.click(rejectButton());
    await waitFor(() => expect(server.received.some((r) => r.method === "POST")).toBe(true));
    expect(server.received.find((r) => r.method === "POST")).toMatchObject({
      url: pathTo(ADMIN_PAYOUTS_PATHS.reject, { id: PAYOUT.id }),
      body: { reason: "Unverified PayPal account" },
    });
    expect(await screen.findByText("Payout Rejected")).toBeTruthy();
    expect(closed).toBe(true);
  });

  it("puts the server's issue with the reason at the reason, and keeps the text", async () => {
    server.handle((_req, res) => sendJson(res, 400, REASON_TOO_LONG));
    openDialog();
    fireEvent.change(reason(), { target: { value: "Unverified account" } });
    await waitFor(() => expect(rejectButton().disabled).toBe(false));
    fireEvent.click(rejectButton());
    await waitFor(() => expect(errorOf(reason())).toBe("Keep the reason under 500 characters"));
    expect(reason().value).toBe("Unverified account");
  });

  it("a refusal naming no field is a toast", async () => {
    server.handle((_req, res) =>
      sendJson(res, 409, { message: "This payout is no longer held", code: "CONFLICT", issues: [] }),
    );
    openDialog();
    fireEvent.change(reason(), { target: { value: "Unverified account" } });
    await waitFor(() => expect(rejectButton().disabled).toBe(false));
    fireEvent.click(rejectButton());
    expect(await screen.findByText("This payout is no longer held")).toBeTruthy();
  });
});

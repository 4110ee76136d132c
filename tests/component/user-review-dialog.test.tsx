import type { TAdminUserDetail } from "@shared/api/admin/users";
import { pathTo } from "@shared/path-to";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { UserReviewDialog } from "@/features/admin/components/user-review-dialog";
import { ADMIN_USERS_PATHS } from "../../shared/api/admin/users";
import { errorOf, REASON_TOO_LONG } from "./form-errors";
import { answerReadsWith, localServerForFile } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();
const ID = "3a7d9e2c-1b4f-4c8a-9d6e-2f5a7b8c9d01";

const DETAIL: TAdminUserDetail = {
  user: {
    id: ID,
    name: "Pat Owner",
    username: "pat",
    email: "pat@example.com",
    role: "user",
    plan: "free",
    domains: 2,
    suspendedAt: null,
    createdAt: "2026-10-01T10:00:00.000Z",
    suspendReason: null,
  },
  balance: { available: "12.00", pending: "0.00" },
  domains: [],
  orders: [],
  audit: [],
};

/** Answers reads with the account, and the suspension with `post`. */
function accountServer(post: [number, unknown]) {
  server.handle(answerReadsWith(DETAIL, post));
}

const posts = () => server.received.filter((r) => r.method === "POST");
const suspendButton = () => screen.getByRole("button", { name: "Suspend Account" }) as HTMLButtonElement;

async function openDialog() {
  renderWithQueries(<UserReviewDialog id={ID} onClose={() => {}} />);
  return screen.findByLabelText("Reason to suspend");
}

describe("the user review dialog's suspension", () => {
  it("waits for a reason of at least three characters, and says so once the field is left", async () => {
    accountServer([200, {}]);
    const reason = await openDialog();
    expect(suspendButton().disabled).toBe(true);
    fireEvent.change(reason, { target: { value: " ab " } });
    fireEvent.blur(reason);
    await waitFor(() => expect(errorOf(reason)).toBe("Say why the account is suspended"));
    expect(suspendButton().disabled).toBe(true);
    fireEvent.change(reason, { target: { value: "Chargebacks" } });
    await waitFor(() => expect(suspendButton().disabled).toBe(false));
    expect(errorOf(reason)).toBeNull();
    expect(posts()).toEqual([]);
  });

  it("suspends with the trimmed reason", async () => {
    accountServer([200, {}]);
    const reason = await openDialog();
    fireEvent.change(reason, { target: { value: "  Chargebacks on every order  " } });
    await waitFor(() => expect(suspendButton().disabled).toBe(false));
    fireEvent.click(suspendButton());
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: pathTo(ADMIN_USERS_PATHS.suspend, { id: ID }),
      body: { reason: "Chargebacks on every order" },
    });
    expect(await screen.findByText("Account Suspended")).toBeTruthy();
  });

  it("puts the server's issue with the reason at the reason, and keeps the text", async () => {
    accountServer([400, REASON_TOO_LONG]);
    const reason = (await openDialog()) as HTMLTextAreaElement;
    fireEvent.change(reason, { target: { value: "Chargebacks" } });
    await waitFor(() => expect(suspendButton().disabled).toBe(false));
    fireEvent.click(suspendButton());
    await waitFor(() => expect(errorOf(reason)).toBe("Keep the reason under 500 characters"));
    expect(reason.value).toBe("Chargebacks");
  });

  it("a refusal naming no field is a toast", async () => {
    accountServer([403, { message: "Staff accounts cannot be suspended", code: "FORBIDDEN", issues: [] }]);
    const reason = await openDialog();
    fireEvent.change(reason, { target: { value: "Chargebacks" } });
    await waitFor(() => expect(suspendButton().disabled).toBe(false));
    fireEvent.click(suspendButton());
    expect(await screen.findByText("Staff accounts cannot be suspended")).toBeTruthy();
  });
});
